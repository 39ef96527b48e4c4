import { Effect, Option } from "effect"
import { implement } from "../http/Implement.js"
import { WorkerWatch } from "../jobs/WorkerWatch.js"
import { HealthChecks, checkReadiness } from "../platform/Health.js"
import { OperationsApi } from "./OperationsApi.js"

export const operationsHandlers = implement(
  OperationsApi,
  Effect.gen(function* () {
    const checks = Option.getOrElse(yield* Effect.serviceOption(HealthChecks), () => [])
    const watch = yield* WorkerWatch
    const alive = { status: "ok" } as const
    return {
      healthz: () => Effect.succeed(alive),
      readyz: () =>
        Effect.zipWith(checkReadiness(checks), watch.stall, (names, stall) => ({
          status: "ready" as const,
          checks: Object.fromEntries(names.map((name) => [name, "ok" as const])),
          // Workers that take no jobs leave this process able to serve: reported, never a 503.
          ...(stall === undefined ? {} : { warnings: [{ field: "workers", reason: stall }] })
        }))
    }
  })
)
