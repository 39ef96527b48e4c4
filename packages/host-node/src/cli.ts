#!/usr/bin/env node
import { open, readFile, rename, rm } from "node:fs/promises"
import { createInterface } from "node:readline/promises"
import { parseArgs } from "node:util"
import { DashboardRole, modules } from "@servicekit/core"
import {
  type Command,
  type CommandInput,
  type CommandOutput,
  UsageError,
  describeError,
  isUuid
} from "@servicekit/core/internal"
import { Cause, Effect, Exit, LogLevel, Logger, Option, Schema, Stream } from "effect"
import type { HostOptions } from "./Config.js"
import { DataFolderBusy, DataFolderUnusable } from "./DataFolderLock.js"
import type { NodeServiceKit } from "./Runtime.js"
import { CompanionError } from "./companion/DeviceConfig.js"

// What a command runs on is imported when it runs (`await import`): the kit and its adapters
// (storage, jobs, mail, HTTP clients), the server and the companion are most of the modules a
// process loads, and help, a usage error, `jwt` or a companion command need none of the rest.

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
  const options = hostOptions(flags)
  const { createServiceKit } = await import("./Runtime.js")
  const kit = createServiceKit({ ...options, holder })
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

/**
 * The usage error a module command finds before it uses any service, if any. Commands check their
 * flags first, so this runs the command with no services at all (it stops at its first one) and
 * no logging: a usage error then shows without locking the data folder and opening the database,
 * also while a server holds the folder. Anything else (the command reached a service, or failed
 * otherwise) leaves the command to run on the kit, from its start.
 */
const usageErrorOf = async (command: Command, input: CommandInput): Promise<UsageError | undefined> => {
  const withoutServices = command.run(input) as Effect.Effect<CommandOutput, unknown>
  const exit = await Effect.runPromiseExit(Logger.withMinimumLogLevel(withoutServices, LogLevel.None))
  const failure = Exit.isFailure(exit) ? Cause.failureOption(exit.cause) : Option.none()
  return Option.isSome(failure) && failure.value instanceof UsageError ? failure.value : undefined
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

const cannotWrite = (path: string) => (error: unknown) =>
  new UsageError({ message: `cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` })

/** Written beside the file and renamed into place once whole: a file under the name is never part of one. */
const writeBytes = (path: string, bytes: Stream.Stream<Uint8Array>) => {
  const partial = `${path}.partial`
  return Effect.acquireUseRelease(
    Effect.tryPromise({ try: () => open(partial, "w"), catch: cannotWrite(path) }),
    (file) =>
      Effect.gen(function* () {
        const written = yield* Stream.runFoldEffect(bytes, 0, (total, chunk) =>
          Effect.tryPromise({
            // A write may take less than the whole chunk: the rest goes after it.
            try: async () => {
              for (let offset = 0; offset < chunk.byteLength; ) offset += (await file.write(chunk, offset)).bytesWritten
            },
            catch: cannotWrite(path)
          }).pipe(Effect.as(total + chunk.byteLength))
        )
        yield* Effect.tryPromise({ try: () => file.sync(), catch: cannotWrite(path) })
        return written
      }),
    (file, exit) =>
      Effect.promise(async () => {
        await file.close()
        if (Exit.isSuccess(exit)) await rename(partial, path)
        else await rm(partial, { force: true })
      })
  )
}

const hostCommands: ReadonlyArray<HostCommand> = [
  {
    name: "serve",
    usage: "serve [--port N] [--host H]                 run the HTTP API",
    flags: ["port", "host"],
    run: async (flags, json) => {
      const options = hostOptions(flags)
      const { serveUntilSignalled } = await import("./Serve.js")
      await serveUntilSignalled({ ...options, json })
      return undefined
    }
  },
  {
    name: "worker",
    usage: "worker                                      run the background workers (jobs, event dispatch)",
    flags: [],
    run: async (flags, json) => {
      const options = hostOptions(flags)
      const { workUntilSignalled } = await import("./Serve.js")
      await workUntilSignalled({ ...options, json })
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
    run: async (flags, _json, args) => (await import("./companion/Commands.js")).pairNode(args, flags)
  },
  {
    name: "node run",
    usage:
      "node run [--root DIR] [--transport auto|websocket|poll] [--chromium PATH] [--config FILE]\n                                            run the paired node's commands (files under --root, default here)",
    flags: ["config", "root", "chromium", "transport"],
    run: async (flags, json) => (await import("./companion/Commands.js")).runNode(flags, json)
  },
  {
    name: "jwt",
    usage: "jwt --tenant ID [--role admin|member] [--sub SUBJECT]",
    flags: ["tenant", "role", "sub"],
    run: async (flags) => {
      const tenantId = flags.tenant
      if (tenantId === undefined) throw new UsageError({ message: "--tenant is required" })
      const role = flags.role ?? "admin"
      if (!Schema.is(DashboardRole)(role)) throw new UsageError({ message: `--role "${role}" is not admin or member` })
      if (!isUuid(tenantId)) throw new UsageError({ message: `--tenant "${tenantId}" is not a tenant id (a uuid)` })
      // Only the secret is needed: this works while a server holds the data folder. A token for a
      // tenant that does not exist signs, and is refused by every route that uses it.
      const options = hostOptions(flags)
      const [{ dashboardTokenScope, resolveConfig }, { signDashboardToken }] = await Promise.all([
        import("./Config.js"),
        import("@servicekit/adapters/jwt")
      ])
      const config = resolveConfig(options)
      const claims = { tenantId, role, sub: flags.sub ?? "cli" }
      const token = await signDashboardToken(config.jwtSecret, claims, dashboardTokenScope(config))
      return { json: { token }, text: token }
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
  const moduleCommand = moduleCommands.includes(command as Command) ? (command as Command) : undefined
  const input: CommandInput = { flags, args, readFile: readText, writeFile: writeBytes }
  try {
    const usageError = moduleCommand === undefined ? undefined : await usageErrorOf(moduleCommand, input)
    if (usageError !== undefined) return report(usageError, json)
    const confirmation = json ? undefined : moduleCommand?.confirmation?.(input)
    if (confirmation !== undefined && (await ask(confirmation.question)) !== confirmation.answer) {
      console.error("Not confirmed: nothing was done.")
      return 1
    }
    const output =
      moduleCommand !== undefined
        ? await withKit(flags, `servicekit ${name}`, (kit) => run(kit, moduleCommand.run(input)))
        : await (command as HostCommand).run(flags, json, args)
    if (output !== undefined) console.log(json ? JSON.stringify(output.json) : output.text)
    return 0
  } catch (error) {
    return report(error, json)
  }
}

/** Errors whose message says what to do. Config.js, which defines one, has loaded if it threw it. */
const isStated = async (error: unknown): Promise<boolean> =>
  error instanceof DataFolderBusy ||
  error instanceof DataFolderUnusable ||
  error instanceof CompanionError ||
  (error instanceof Error &&
    error.name === "ConfigurationError" &&
    error instanceof (await import("./Config.js")).ConfigurationError)

const report = async (error: unknown, json: boolean): Promise<number> => {
  if (error instanceof UsageError) {
    console.error(
      json
        ? JSON.stringify({ error: { code: "usage", message: error.message } })
        : `error: ${error.message}\n\n${USAGE}`
    )
    return 2
  }
  if (error instanceof Error && (await isStated(error))) {
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
