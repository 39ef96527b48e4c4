#!/usr/bin/env node
import { readFile } from "node:fs/promises"
import { createInterface } from "node:readline/promises"
import { parseArgs } from "node:util"
import { signDashboardToken } from "@servicekit/adapters/jwt"
import { DashboardRole, modules } from "@servicekit/core"
import { type Command, type CommandOutput, UsageError, describeError, isUuid } from "@servicekit/core/internal"
import { Cause, Effect, Exit, Schema } from "effect"
import { ConfigurationError, type HostOptions, dashboardTokenScope, resolveConfig } from "./Config.js"
import { DataFolderBusy, DataFolderUnusable } from "./DataFolderLock.js"
import { createServiceKit, type NodeServiceKit } from "./Runtime.js"
import { serveUntilSignalled, workUntilSignalled } from "./Serve.js"
import { pairNode, runNode } from "./companion/Commands.js"
import { CompanionError } from "./companion/DeviceConfig.js"

/** A command of the host itself; every module adds its own (see the modules list in core). */
interface HostCommand extends Omit<Command, "run"> {
  readonly run: (
    flags: Record<string, string | undefined>,
    json: boolean,
    args: ReadonlyArray<string>
  ) => Promise<CommandOutput | undefined>
}

const moduleCommands = modules.flatMap((module): ReadonlyArray<Command> =>
  "commands" in module ? (module.commands ?? []) : []
)

const storageFlags = ["data-dir", "database-url", "redis-url"]
type Flags = Readonly<Record<string, string | boolean | undefined>>

const stringFlags = (flags: Flags): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(flags).map(([name, value]) => [name, typeof value === "string" ? value : undefined])
  )

const portNumber = (text: string): number => {
  const port = Number(text)
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError({ message: `--port must be 0-65535, got "${text}"` })
  return port
}

const hostOptions = (flags: Record<string, string | undefined>): HostOptions => ({
  dataDir: flags["data-dir"],
  databaseUrl: flags["database-url"],
  redisUrl: flags["redis-url"],
  port: flags.port === undefined ? undefined : portNumber(flags.port),
  host: flags.host
})

const withKit = async <A>(
  flags: Record<string, string | undefined>,
  holder: string,
  use: (kit: NodeServiceKit) => Promise<A>
): Promise<A> => {
  const kit = createServiceKit({ ...hostOptions(flags), holder })
  try {
    return await use(kit)
  } finally {
    await kit.dispose()
  }
}

/** Runs against the kit, rejecting with the failure itself (a domain error) rather than a wrapper. */
const run = async <A>(kit: NodeServiceKit, effect: Effect.Effect<A, unknown, any>): Promise<A> => {
  const exit = await kit.runtime.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  throw Cause.squash(exit.cause)
}

/** One line from the terminal (or the pipe), trimmed; empty when input ends first. */
const ask = (question: string): Promise<string> =>
  new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin, output: process.stderr })
    lines.once("close", () => resolve(""))
    lines.question(question).then(
      (answer) => {
        resolve(answer.trim())
        lines.close()
      },
      () => resolve("")
    )
  })

const readText = (path: string) =>
  Effect.tryPromise({
    try: () => readFile(path, "utf8"),
    catch: (error) =>
      new UsageError({ message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` })
  })

const hostCommands: ReadonlyArray<HostCommand> = [
  {
    name: "serve",
    usage: "serve [--port N] [--host H]                 run the HTTP API",
    flags: ["port", "host"],
    run: async (flags, json) => {
      await serveUntilSignalled({ ...hostOptions(flags), json })
      return undefined
    }
  },
  {
    name: "worker",
    usage: "worker                                      run the background workers (jobs, event dispatch)",
    flags: [],
    run: async (flags, json) => {
      await workUntilSignalled({ ...hostOptions(flags), json })
      return undefined
    }
  },
  {
    name: "migrate",
    usage: "migrate                                     bring the database schema up to date",
    flags: [],
    run: (flags) =>
      withKit(flags, "servicekit migrate", (kit) =>
        run(kit, Effect.void).then(() => ({ json: { migrated: true }, text: "Database schema is up to date." }))
      )
  },
  {
    name: "node pair",
    usage:
      "node pair <server url> <pairing code> [--config FILE]\n                                            pair this machine as a companion node; stores its secret (0600)",
    flags: ["config", "chromium"],
    run: (flags, _json, args) => pairNode(args, flags)
  },
  {
    name: "node run",
    usage:
      "node run [--root DIR] [--transport auto|websocket|poll] [--chromium PATH] [--config FILE]\n                                            run the paired node's commands (files under --root, default here)",
    flags: ["config", "root", "chromium", "transport"],
    run: (flags, json) => runNode(flags, json)
  },
  {
    name: "jwt",
    usage: "jwt --tenant ID [--role admin|member] [--sub SUBJECT]",
    flags: ["tenant", "role", "sub"],
    run: (flags) => {
      const tenantId = flags.tenant
      if (tenantId === undefined) throw new UsageError({ message: "--tenant is required" })
      const role = flags.role ?? "admin"
      if (!Schema.is(DashboardRole)(role)) throw new UsageError({ message: `--role "${role}" is not admin or member` })
      if (!isUuid(tenantId)) throw new UsageError({ message: `--tenant "${tenantId}" is not a tenant id (a uuid)` })
      // Only the secret is needed: this works while a server holds the data folder. A token for a
      // tenant that does not exist signs, and is refused by every route that uses it.
      const config = resolveConfig(hostOptions(flags))
      const claims = { tenantId, role, sub: flags.sub ?? "cli" }
      return signDashboardToken(config.jwtSecret, claims, dashboardTokenScope(config)).then((token) => ({
        json: { token },
        text: token
      }))
    }
  }
]

const USAGE = `Usage: servicekit <command> [options] [--json]

Commands:
${[...hostCommands, ...moduleCommands].map((command) => `  ${command.usage.replaceAll("\n", "\n  ")}`).join("\n")}

Storage options (every command): --data-dir DIR, --database-url URL, --redis-url URL
(environment: SERVICEKIT_DATA_DIR, DATABASE_URL, REDIS_URL; see the README for all variables).`

const options = Object.fromEntries([
  ["json", { type: "boolean" }],
  ["help", { type: "boolean", short: "h" }],
  ...[...storageFlags, ...[...hostCommands, ...moduleCommands].flatMap((command) => command.flags)].map((flag) => [
    flag,
    { type: "string" }
  ])
]) as Record<string, { type: "string" | "boolean"; short?: string }>

const main = async (argv: Array<string>): Promise<number> => {
  let parsed
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true })
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  const { positionals, values } = parsed
  const json = values.json === true
  if (values.help === true || positionals.length === 0) {
    console.log(USAGE)
    return positionals.length === 0 && values.help !== true ? 2 : 0
  }
  const byName = new Map<string, HostCommand | Command>(
    [...hostCommands, ...moduleCommands].map((command) => [command.name, command])
  )
  const two = positionals.slice(0, 2).join(" ")
  const [name, args] = byName.has(two) ? [two, positionals.slice(2)] : [positionals[0], positionals.slice(1)]
  const command = byName.get(name)
  if (command === undefined) {
    console.error(`error: unknown command "${positionals.join(" ")}"\n\n${USAGE}`)
    return 2
  }
  const flags = stringFlags(values)
  const confirmation = json ? undefined : (command as Command).confirmation?.({ flags, args, readFile: readText })
  if (confirmation !== undefined && (await ask(confirmation.question)) !== confirmation.answer) {
    console.error("Not confirmed: nothing was done.")
    return 1
  }
  try {
    const output = moduleCommands.includes(command as Command)
      ? await withKit(flags, `servicekit ${name}`, (kit) =>
          run(kit, (command as Command).run({ flags, args, readFile: readText }))
        )
      : await (command as HostCommand).run(flags, json, args)
    if (output !== undefined) console.log(json ? JSON.stringify(output.json) : output.text)
    return 0
  } catch (error) {
    return report(error, json)
  }
}

const report = (error: unknown, json: boolean): number => {
  if (error instanceof UsageError) {
    console.error(
      json
        ? JSON.stringify({ error: { code: "usage", message: error.message } })
        : `error: ${error.message}\n\n${USAGE}`
    )
    return 2
  }
  if (
    error instanceof DataFolderBusy ||
    error instanceof DataFolderUnusable ||
    error instanceof ConfigurationError ||
    error instanceof CompanionError
  ) {
    console.error(
      json ? JSON.stringify({ error: { code: error.name, message: error.message } }) : `error: ${error.message}`
    )
    return 1
  }
  const described = describeError(error)
  if (described !== undefined) {
    const details = described.details?.map((d) => `\n  ${d.field}: ${d.reason}`).join("") ?? ""
    console.error(
      json
        ? JSON.stringify({ error: { code: described.code, message: described.message, details: described.details } })
        : `error: ${described.message}${details}`
    )
    return 1
  }
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`)
  return 1
}

main(process.argv.slice(2)).then((code) => process.exit(code))
