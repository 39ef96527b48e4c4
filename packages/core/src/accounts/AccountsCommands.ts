import { Effect, Schema } from "effect"
import { type Command, type CommandInput, UsageError, requiredFlag } from "../module/ProductModule.js"
import { ApiKeyService } from "../platform/ApiKeyService.js"
import { Environment, ProductCatalog } from "../platform/Products.js"
import { TenantService } from "../platform/TenantService.js"
import { PlatformAdmin } from "./PlatformAdmin.js"
import { TenantDeletion } from "./TenantDeletion.js"
import { TenantExport } from "./TenantExport.js"
import type { TenantDeletionRecord } from "./TenantDeletions.js"

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

const deletionReport = (record: TenantDeletionRecord) => {
  const counts = Object.entries(record.deleted).map(([kind, count]) => `  ${kind}: ${count}`)
  const total = Object.values(record.deleted).reduce((sum, count) => sum + count, 0)
  return [
    record.status === "deleted"
      ? `Tenant ${record.tenantId} was deleted at ${record.finishedAt?.toISOString()}: ${total} records.`
      : `Tenant ${record.tenantId} is being deleted since ${record.requestedAt.toISOString()}: ${total} records so far.`,
    ...counts
  ].join("\n")
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
    name: "tenant suspend",
    usage: "tenant suspend --tenant ID [--reason TEXT]",
    flags: ["tenant", "reason"],
    run: (input) =>
      Effect.gen(function* () {
        const tenantId = yield* requiredFlag(input, "tenant")
        const tenant = yield* Effect.flatMap(PlatformAdmin, (admin) => admin.suspendTenant(tenantId, input.flags.reason))
        return {
          json: tenant,
          text: `Tenant "${tenant.name}" (${tenant.id}) is suspended since ${tenant.suspension?.at.toISOString()}${
            tenant.suspension?.reason == null ? "" : `\n  reason: ${tenant.suspension.reason}`
          }\nIts keys, tokens and links are refused, and its background work waits, until \`tenant resume\`.`
        }
      })
  },
  {
    name: "tenant resume",
    usage: "tenant resume --tenant ID",
    flags: ["tenant"],
    run: (input) =>
      Effect.gen(function* () {
        const tenantId = yield* requiredFlag(input, "tenant")
        const tenant = yield* Effect.flatMap(PlatformAdmin, (admin) => admin.resumeTenant(tenantId))
        return { json: tenant, text: `Tenant "${tenant.name}" (${tenant.id}) is in good standing.` }
      })
  },
  {
    name: "tenant delete",
    usage: "tenant delete --tenant ID",
    flags: ["tenant"],
    confirmation: (input) => ({
      question: `Deleting tenant ${input.flags.tenant} removes everything it holds, for good. Type its id to confirm: `,
      answer: input.flags.tenant ?? ""
    }),
    // Runs the deletion here to its end (a worker may share it), then answers what went.
    run: (input) =>
      Effect.gen(function* () {
        const tenantId = yield* requiredFlag(input, "tenant")
        const admin = yield* PlatformAdmin
        const deletion = yield* TenantDeletion
        let record = yield* admin.deleteTenant(tenantId)
        while (record.status !== "deleted") {
          yield* deletion.work(tenantId)
          record = yield* deletion.get(tenantId)
        }
        return { json: record, text: deletionReport(record) }
      })
  },
  {
    name: "tenant deletion",
    usage: "tenant deletion --tenant ID",
    flags: ["tenant"],
    run: (input) =>
      Effect.gen(function* () {
        const tenantId = yield* requiredFlag(input, "tenant")
        const record = yield* Effect.flatMap(PlatformAdmin, (admin) => admin.tenantDeletion(tenantId))
        return { json: record, text: deletionReport(record) }
      })
  },
  {
    name: "tenant export",
    usage: "tenant export --tenant ID --out FILE        everything the tenant holds, as a .tar.gz",
    flags: ["tenant", "out"],
    run: (input) =>
      Effect.gen(function* () {
        const tenantId = yield* requiredFlag(input, "tenant")
        const out = yield* requiredFlag(input, "out")
        const archive = yield* Effect.flatMap(TenantExport, (exports) => exports.archive(tenantId))
        const bytes = yield* input.writeFile(out, archive)
        return { json: { tenantId, out, bytes }, text: `Exported tenant ${tenantId} to ${out} (${bytes} bytes).` }
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
