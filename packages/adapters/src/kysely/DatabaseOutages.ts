import { Cause, Effect, Exit, Fiber, Runtime, type Scope } from "effect"
import type pg from "pg"
import { dependencyOutages } from "../DependencyOutages.js"

/** How often an unanswering database is asked again, and how long each question may take. */
const PROBE_EVERY = "500 millis"
const PROBE_TIMEOUT = "2 seconds"

/**
 * Watches a pg Pool for the process's database outage log. A dropped connection (the pool's
 * error event) or a failed `suspect()` call starts a probe: `select 1` until it answers. A first
 * answer closes the matter quietly (one connection went); otherwise the outage is logged when the
 * probe first fails and again when the database answers.
 */
export const watchPool = (pool: pg.Pool, url: string): Effect.Effect<{ readonly suspect: () => void }, never, Scope.Scope> =>
  Effect.gen(function* () {
    const report = yield* dependencyOutages("database", url)
    const runFork = Runtime.runFork(yield* Effect.runtime<never>())
    const probe = Effect.tryPromise(() => pool.query("select 1")).pipe(Effect.timeout(PROBE_TIMEOUT))
    const untilAnswered: Effect.Effect<void> = Effect.flatMap(Effect.exit(probe), (exit) => {
      if (Exit.isSuccess(exit)) return Effect.sync(report.up)
      const failure = Cause.squash(exit.cause) as { readonly error?: unknown }
      report.down(failure.error ?? failure)
      return Effect.zipRight(Effect.sleep(PROBE_EVERY), untilAnswered)
    })
    let probing: Fiber.RuntimeFiber<void> | undefined
    const suspect = () => {
      if (probing === undefined) probing = runFork(Effect.ensuring(untilAnswered, Effect.sync(() => (probing = undefined))))
    }
    // An idle client whose connection drops emits here; unhandled, that would crash the process.
    // pg discards the client and the next query opens a fresh connection.
    pool.on("error", suspect)
    // The same for a connection the server ends while it is checked out or being released (a
    // restart, a dropped database): its query fails on its own; the event must not crash.
    pool.on("connect", (client) => client.on("error", suspect))
    yield* Effect.addFinalizer(() => (probing === undefined ? Effect.void : Fiber.interrupt(probing)))
    return { suspect }
  })
