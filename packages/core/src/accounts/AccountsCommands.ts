import { Effect, Schema } from "effect"
import { type Command, type CommandInput, UsageError, requiredFlag } from "../module/ProductModule.js"
import { ApiKeyService } from "../platform/ApiKeyService.js"
import { Environment, ProductCatalog } from "../platform/Products.js"
import { TenantService } from "../platform/TenantService.js"
import { PlatformAdmin } from "./PlatformAdmin.js"

const list = (text: string | undefined): Array<string> =>
  (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0)

const environmentFlag = (input: CommandInput) =>
  Effect.flatMap(requiredFlag(input, "env"), (env) =>
    Schema.is(Environment)(env)
      ? Effect.succeed(env)
      : Effect.fail(new UsageError({ message: `--env "${env}" is not live or test` }))
  )

const optionalDate = (input: CommandInput, name: string) => {
  const text = input.flags[name]
  if (text === undefined) return Effect.succeed(undefined)
  const date = new Date(text)
  return Number.isNaN(date.getTime())
    ? Effect.fail(new UsageError({ message: `--${name} "${text}" is not an ISO 8601 timestamp` }))
    : Effect.succeed(date)
}

/** Tenants and API keys from the command line. */
export const accountsCommands: ReadonlyArray<Command> = [
  {
    name: "tenant create",
    usage: "tenant create --name NAME [--entitle chat,voice,...]",
    flags: ["name", "entitle"],
    run: (input) =>
      Effect.gen(function* () {
        const name = yield* requiredFlag(input, "name")
        const tenant = yield* Effect.flatMap(TenantService, (t) =>
          t.create({ name, entitlements: list(input.flags.entitle) })
        )
        return {
          json: tenant,
          text: `Created tenant "${tenant.name}"\n  id:           ${tenant.id}\n  entitlements: ${tenant.entitlements.join(", ") || "(none)"}`
        }
      })
  },
  {
    name: "tenant entitle",
    usage: "tenant entitle --tenant ID PRODUCT[,PRODUCT...]",
    flags: ["tenant"],
    run: (input) =>
      Effect.gen(function* () {
        const tenantId = yield* requiredFlag(input, "tenant")
        const added = input.args.flatMap(list)
        if (added.length === 0) {
          const { products } = yield* ProductCatalog
          return yield* new UsageError({ message: `tenant entitle takes the products to add: ${products.join(", ")}` })
        }
        const tenant = yield* Effect.flatMap(TenantService, (tenants) => tenants.get(tenantId))
        // Through the platform admin's update, as the admin API does: this process's cached keys follow at once.
        const updated = yield* Effect.flatMap(PlatformAdmin, (admin) =>
          admin.updateTenant(tenantId, { entitlements: [...tenant.entitlements, ...added] })
        )
        return {
          json: updated,
          text: `Tenant "${updated.name}" (${updated.id})
  entitlements: ${updated.entitlements.join(", ")}`
        }
      })
  },
  {
    name: "key create",
    usage:
      "key create --tenant ID --product chat|voice|transactional|automations --env live|test\n" +
      "           --scopes a,b [--expires-at ISO] [--ip-allow CIDR,...] [--name NAME]",
    flags: ["tenant", "product", "env", "scopes", "expires-at", "ip-allow", "name"],
    run: (input) =>
      Effect.gen(function* () {
        const request = {
          tenantId: yield* requiredFlag(input, "tenant"),
          product: yield* requiredFlag(input, "product"),
          environment: yield* environmentFlag(input),
          scopes: list(yield* requiredFlag(input, "scopes")),
          name: input.flags.name,
          expiresAt: yield* optionalDate(input, "expires-at"),
          ipAllowlist: list(input.flags["ip-allow"])
        }
        const { apiKey, key } = yield* Effect.flatMap(ApiKeyService, (keys) => keys.create(request))
        return {
          json: { ...apiKey, key },
          text: `Created ${apiKey.environment} ${apiKey.product} key ${apiKey.id}\n  scopes: ${apiKey.scopes.join(", ")}\n\n  ${key}\n\nThis is the only time the key is shown. Store it now.`
        }
      })
  },
  {
    name: "key revoke",
    usage: "key revoke --tenant ID KEY_ID",
    flags: ["tenant"],
    run: (input) =>
      Effect.gen(function* () {
        const tenantId = yield* requiredFlag(input, "tenant")
        if (input.args.length !== 1) return yield* new UsageError({ message: "key revoke takes exactly one KEY_ID" })
        const key = yield* Effect.flatMap(ApiKeyService, (keys) => keys.revoke(tenantId, input.args[0]))
        return { json: key, text: `Revoked key ${key.id} (${key.prefix}).` }
      })
  }
]
