import { HttpApiSchema } from "@effect/platform"
import { Context, Effect, Either, Schema } from "effect"
import { ErrorDetail } from "./Errors.js"

/**
 * One dependency readiness waits for: its name (`database`, `redis`) and a check that fails with
 * a short reason fit for an unauthenticated client ("unreachable", "migrations pending"), never an
 * address or a driver's message; the check logs the details itself.
 */
export interface HealthCheck {
  readonly name: string
  readonly check: Effect.Effect<void, string>
}

/** What readiness depends on, as the host composes it from its adapters; absent means nothing to wait for. */
export class HealthChecks extends Context.Tag("@servicekit/core/HealthChecks")<
  HealthChecks,
  ReadonlyArray<HealthCheck>
>() {}

export class NotReady extends Schema.TaggedError<NotReady>()(
  "NotReady",
  { message: Schema.String, details: Schema.Array(ErrorDetail) },
  HttpApiSchema.annotations({ status: 503, description: "A dependency is down; details name it." })
) {}

/** How long one check may take before it counts as down. */
const CHECK_TIMEOUT = "2 seconds"

/** Runs every check at once: the names that are fine, or a NotReady naming each one that is not. */
export const checkReadiness = (checks: ReadonlyArray<HealthCheck>): Effect.Effect<ReadonlyArray<string>, NotReady> =>
  Effect.flatMap(
    Effect.forEach(
      checks,
      ({ check, name }) =>
        check.pipe(
          Effect.timeoutFail({ duration: CHECK_TIMEOUT, onTimeout: () => "timed out" }),
          Effect.either,
          Effect.map((outcome) => ({ name, outcome }))
        ),
      { concurrency: "unbounded" }
    ),
    (outcomes) => {
      const failing = outcomes.flatMap(({ name, outcome }) =>
        Either.isLeft(outcome) ? [{ field: name, reason: outcome.left }] : []
      )
      return failing.length === 0
        ? Effect.succeed(outcomes.map(({ name }) => name))
        : Effect.fail(
            new NotReady({
              message: `Not ready: ${failing.map(({ field, reason }) => `${field} ${reason}`).join("; ")}`,
              details: failing
            })
          )
    }
  )
