#!/usr/bin/env node
import { readFileSync } from "node:fs"
import { extname } from "node:path"
import { parseArgs } from "node:util"
import { signDashboardToken } from "@servicekit/adapters"
import {
  ApiError,
  ApiKeyService,
  CallingService,
  DashboardRole,
  Environment,
  type Ports,
  type Services,
  TenantService
} from "@servicekit/core"
import { parse as parseCsv } from "csv-parse/sync"
import { Cause, Effect, Exit, Schema } from "effect"
import { ConfigurationError, type HostOptions } from "./Config.js"
import { DataFolderBusy } from "./DataFolderLock.js"
import { createServiceKit, type NodeServiceKit } from "./Runtime.js"
import { serveUntilSignalled } from "./Serve.js"

const USAGE = `Usage: servicekit <command> [options] [--json]

Commands:
  serve [--port N] [--host H]                 run the HTTP API
  migrate                                     bring the database schema up to date
  tenant create --name NAME [--entitle chat,voice,...]
  key create --tenant ID --product chat|voice|transactional|automations --env live|test
             --scopes a,b [--expires-at ISO] [--ip-allow CIDR,...] [--name NAME]
  key revoke --tenant ID KEY_ID
  jwt --tenant ID [--role admin|member] [--sub SUBJECT]
  calls import --tenant ID FILE.json|FILE.csv

Storage options (every command): --data-dir DIR, --database-url URL, --redis-url URL
(environment: SERVICEKIT_DATA_DIR, DATABASE_URL, REDIS_URL; see the README for all variables).`

class UsageError extends Error {}

const options = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  port: { type: "string" },
  host: { type: "string" },
  "data-dir": { type: "string" },
  "database-url": { type: "string" },
  "redis-url": { type: "string" },
  name: { type: "string" },
  entitle: { type: "string" },
  tenant: { type: "string" },
  product: { type: "string" },
  env: { type: "string" },
  scopes: { type: "string" },
  "expires-at": { type: "string" },
  "ip-allow": { type: "string" },
  role: { type: "string" },
  sub: { type: "string" }
} as const

type Flags = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>["values"]

const required = (flags: Flags, name: keyof Flags): string => {
  const value = flags[name]
  if (typeof value !== "string" || value.length === 0) throw new UsageError(`--${name} is required`)
  return value
}

const list = (text: string | undefined): Array<string> =>
  (text ?? "").split(",").map((s) => s.trim()).filter((s) => s.length > 0)

const oneOf = <A extends string>(schema: Schema.Schema<A>, flag: string, value: string): A => {
  if (!Schema.is(schema)(value)) throw new UsageError(`--${flag} "${value}" is not valid`)
  return value
}

const hostOptions = (flags: Flags): HostOptions => ({
  dataDir: flags["data-dir"],
  databaseUrl: flags["database-url"],
  redisUrl: flags["redis-url"],
  port: flags.port === undefined ? undefined : portNumber(flags.port),
  host: flags.host
})

const portNumber = (text: string): number => {
  const port = Number(text)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, got "${text}"`)
  return port
}

/** Reads call records from a JSON array (or `{ "calls": [...] }`) or a CSV file with a header row. */
const readCalls = (file: string): ReadonlyArray<unknown> => {
  const text = readFileSync(file, "utf8")
  if (extname(file).toLowerCase() === ".csv") {
    const rows = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true }) as Array<Record<string, string>>
    return rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([, value]) => value !== "")
          .map(([column, value]) => [column, column === "durationSecs" || column === "mosScore" ? Number(value) : value])
      )
    )
  }
  const parsed = JSON.parse(text)
  const calls = Array.isArray(parsed) ? parsed : parsed?.calls
  if (!Array.isArray(calls)) throw new UsageError(`${file} must hold a JSON array of calls or { "calls": [...] }`)
  return calls
}

const withKit = async <A>(flags: Flags, holder: string, use: (kit: NodeServiceKit) => Promise<A>): Promise<A> => {
  const kit = createServiceKit({ ...hostOptions(flags), holder })
  try {
    return await use(kit)
  } finally {
    await kit.dispose()
  }
}

/** Runs against the kit, rejecting with the failure itself (an ApiError) rather than a wrapper. */
const run = async <A, E>(kit: NodeServiceKit, effect: Effect.Effect<A, E, Services | Ports>): Promise<A> => {
  const exit = await kit.runtime.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}

type Printable = { readonly json: unknown; readonly text: string }

const commands: Record<string, (flags: Flags, args: Array<string>) => Promise<Printable | undefined>> = {
  migrate: (flags) =>
    withKit(flags, "servicekit migrate", (kit) =>
      run(kit, Effect.void).then(() => ({ json: { migrated: true }, text: "Database schema is up to date." }))
    ),

  "tenant create": (flags) => {
    const name = required(flags, "name")
    return withKit(flags, "servicekit tenant create", async (kit) => {
      const tenant = await run(kit, Effect.flatMap(TenantService, (t) => t.create({ name, entitlements: list(flags.entitle) })))
      return {
        json: tenant,
        text: `Created tenant "${tenant.name}"\n  id:           ${tenant.id}\n  entitlements: ${tenant.entitlements.join(", ") || "(none)"}`
      }
    })
  },

  "key create": (flags) => {
    const input = {
      tenantId: required(flags, "tenant"),
      product: required(flags, "product"),
      environment: oneOf(Environment, "env", required(flags, "env")),
      scopes: list(required(flags, "scopes")),
      name: flags.name,
      expiresAt: flags["expires-at"] === undefined ? undefined : isoDate(flags["expires-at"]),
      ipAllowlist: list(flags["ip-allow"])
    }
    return withKit(flags, "servicekit key create", async (kit) => {
      const { apiKey, key } = await run(kit, Effect.flatMap(ApiKeyService, (keys) => keys.create(input)))
      return {
        json: { ...apiKey, key },
        text: `Created ${apiKey.environment} ${apiKey.product} key ${apiKey.id}\n  scopes: ${apiKey.scopes.join(", ")}\n\n  ${key}\n\nThis is the only time the key is shown. Store it now.`
      }
    })
  },

  "key revoke": (flags, args) => {
    const tenantId = required(flags, "tenant")
    if (args.length !== 1) throw new UsageError("key revoke takes exactly one KEY_ID")
    return withKit(flags, "servicekit key revoke", async (kit) => {
      const key = await run(kit, Effect.flatMap(ApiKeyService, (keys) => keys.revoke(tenantId, args[0])))
      return { json: key, text: `Revoked key ${key.id} (${key.prefix}).` }
    })
  },

  jwt: (flags) => {
    const tenantId = required(flags, "tenant")
    const role = oneOf(DashboardRole, "role", flags.role ?? "admin")
    return withKit(flags, "servicekit jwt", async (kit) => {
      await run(kit, Effect.flatMap(TenantService, (t) => t.get(tenantId)))
      const token = await signDashboardToken(kit.config.jwtSecret, { tenantId, role, sub: flags.sub ?? "cli" })
      return { json: { token }, text: token }
    })
  },

  "calls import": (flags, args) => {
    const tenantId = required(flags, "tenant")
    if (args.length !== 1) throw new UsageError("calls import takes exactly one FILE")
    const records = readCalls(args[0])
    return withKit(flags, "servicekit calls import", async (kit) => {
      const result = await run(kit, Effect.flatMap(CallingService, (calling) => calling.ingest(tenantId, records)))
      return {
        json: result,
        text: `Imported ${result.inserted} of ${result.received} calls (${result.skipped} already present).`
      }
    })
  },

  serve: async (flags) => {
    await serveUntilSignalled({ ...hostOptions(flags), json: flags.json === true })
    return undefined
  }
}

const isoDate = (text: string): Date => {
  const date = new Date(text)
  if (Number.isNaN(date.getTime())) throw new UsageError(`--expires-at "${text}" is not an ISO 8601 timestamp`)
  return date
}

const main = async (argv: Array<string>): Promise<number> => {
  let parsed
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true })
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  const { positionals, values: flags } = parsed
  if (flags.help || positionals.length === 0) {
    console.log(USAGE)
    return positionals.length === 0 && !flags.help ? 2 : 0
  }
  const two = positionals.slice(0, 2).join(" ")
  const [name, args] = commands[two] !== undefined ? [two, positionals.slice(2)] : [positionals[0], positionals.slice(1)]
  const command = commands[name]
  if (command === undefined) {
    console.error(`error: unknown command "${positionals.join(" ")}"\n\n${USAGE}`)
    return 2
  }
  try {
    const output = await command(flags, args)
    if (output !== undefined) console.log(flags.json ? JSON.stringify(output.json) : output.text)
    return 0
  } catch (error) {
    return report(error, flags.json === true)
  }
}

const report = (error: unknown, json: boolean): number => {
  const cause = error
  if (cause instanceof UsageError) {
    console.error(json ? JSON.stringify({ error: { code: "usage", message: cause.message } }) : `error: ${cause.message}\n\n${USAGE}`)
    return 2
  }
  if (cause instanceof ApiError) {
    const details = cause.details?.map((d) => `\n  ${d.field}: ${d.reason}`).join("") ?? ""
    console.error(json ? JSON.stringify({ error: { code: cause.code, message: cause.message, details: cause.details } }) : `error: ${cause.message}${details}`)
    return 1
  }
  if (cause instanceof DataFolderBusy || cause instanceof ConfigurationError) {
    console.error(json ? JSON.stringify({ error: { code: cause.name, message: cause.message } }) : `error: ${cause.message}`)
    return 1
  }
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`)
  return 1
}

main(process.argv.slice(2)).then((code) => process.exit(code))
