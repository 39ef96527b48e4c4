import { Effect, Option } from "effect"
import { implement } from "../http/Implement.js"
import { HealthChecks, checkReadiness } from "../platform/Health.js"
import { OperationsApi } from "./OperationsApi.js"

export const operationsHandlers = implement(
  OperationsApi,
  Effect.gen(function* () {
    const checks = Option.getOrElse(yield* Effect.serviceOption(HealthChecks), () => [])
    const alive = { status: "ok" } as const
    return {
      healthz: () => Effect.succeed(alive),
      readyz: () =>
        Effect.map(checkReadiness(checks), (names) => ({
          status: "ready" as const,
          checks: Object.fromEntries(names.map((name) => [name, "ok" as const]))
        }))
    }
  })
)
