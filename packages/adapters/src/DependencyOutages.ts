import { Effect, Runtime, type Scope } from "effect"
import { redactUrl } from "./Urls.js"

/** What a connection tells its dependency's outage log. */
export interface DependencyReport {
  /** It stopped answering (or did not answer its first connection attempt). */
  readonly down: (cause: unknown) => void
  /** It answers. */
  readonly up: () => void
}

interface Outage {
  /** Unknown until some connection has said. */
  answering: boolean | undefined
  downSince: number
  users: number
  readonly log: (effect: Effect.Effect<void>) => void
}

// Per process, not per connection: however many connections and kits use one Redis or database,
// its outage is one line when it starts and one when it ends.
const outages = new Map<string, Outage>()

/** A short, stable reason: the error's code (ECONNREFUSED) or first line, never its stack. */
const reasonOf = (cause: unknown): string => {
  if (typeof cause === "object" && cause !== null) {
    const { code, message } = cause as { code?: unknown; message?: unknown }
    if (typeof code === "string" && code !== "") return code
    if (typeof message === "string" && message !== "") return message.split("\n")[0]!
  }
  return String(cause).split("\n")[0]!
}

/**
 * The outage log of `dependency` ("redis", "database") at `url`, shared by every connection of the
 * process to it: `WARN dependency down` with the dependency, its address (without credentials) and
 * the reason, once when it stops answering, and `INFO dependency up` with how long it was down,
 * once when it answers again. Logged through the runtime of the first user.
 */
export const dependencyOutages = (
  dependency: string,
  url: string
): Effect.Effect<DependencyReport, never, Scope.Scope> =>
  Effect.gen(function* () {
    const address = redactUrl(url)
    const key = `${dependency} ${address}`
    const runFork = Runtime.runFork(yield* Effect.runtime<never>())
    const outage = yield* Effect.acquireRelease(
      Effect.sync(() => {
        let found = outages.get(key)
        if (found === undefined)
          outages.set(key, (found = { answering: undefined, downSince: 0, users: 0, log: (effect) => runFork(effect) }))
        found.users++
        return found
      }),
      (found) =>
        Effect.sync(() => {
          if (--found.users === 0 && outages.get(key) === found) outages.delete(key)
        })
    )
    const fields = { dependency, address }
    return {
      down: (cause) => {
        if (outage.answering === false) return
        outage.answering = false
        outage.downSince = Date.now()
        outage.log(Effect.logWarning("dependency down").pipe(Effect.annotateLogs({ ...fields, reason: reasonOf(cause) })))
      },
      up: () => {
        const was = outage.answering
        outage.answering = true
        if (was !== false) return
        const downSeconds = ((Date.now() - outage.downSince) / 1000).toFixed(1)
        outage.log(Effect.logInfo("dependency up").pipe(Effect.annotateLogs({ ...fields, downSeconds })))
      }
    }
  })
