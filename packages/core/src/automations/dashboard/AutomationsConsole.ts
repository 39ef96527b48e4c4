import { Effect } from "effect"
import { ReadoutService } from "../readouts/ReadoutService.js"
import { RunEngine } from "../runs/RunEngine.js"

export const CONSOLE_RECENT_RUNS = 20
export const CONSOLE_RECENT_FAILURES = 10
export const CONSOLE_WAITING_APPROVALS = 20

/**
 * The dashboard's home in one read: the newest runs, the newest failed runs (their `reason`
 * says why), the approvals waiting for a decision and the SLO, each read by the service that
 * answers it on the public routes, so that nothing is counted twice or differently.
 */
export const automationsConsole = Effect.gen(function* () {
  const runs = yield* RunEngine
  const readouts = yield* ReadoutService
  return (tenantId: string) =>
    Effect.all(
      {
        recentRuns: runs.list(tenantId, { limit: CONSOLE_RECENT_RUNS }),
        recentFailures: runs.list(tenantId, { limit: CONSOLE_RECENT_FAILURES, status: "failed" }),
        waitingApprovals: runs.listApprovals(tenantId, { limit: CONSOLE_WAITING_APPROVALS, status: "pending" }),
        slo: readouts.slo(tenantId)
      },
      { concurrency: "unbounded" }
    ).pipe(
      // The queries are fixed and valid: a refusal would be a bug.
      Effect.orDie
    )
})
