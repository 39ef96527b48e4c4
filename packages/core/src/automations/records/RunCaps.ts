import { Either } from "effect"
import { parseTemplateText, renderTemplateText } from "../../platform/TemplateText.js"
import type { Run, RunConcurrency } from "./Run.js"
import { type JsonObject, isJsonObject } from "./Workflow.js"

/**
 * Caps on running runs. A tenant's plan caps how many of its runs run at once (the tenant's
 * `maxRunningRuns`, else the platform's default), and a workflow's concurrency key caps its runs
 * with the same key (`triggerJson.concurrency`). A claim takes a queued run only within both; a
 * run refused is parked: queued, with no job, until a run of its tenant stops running and wakes
 * it (or, were that wake-up lost with its process, the resume sweep does after PARKED_SWEEP_MS).
 * Counted in the runs' table, so every process sharing it keeps to the same caps.
 *
 * A workflow's concurrency key is `triggerJson.concurrency`, `{ key, limit }`: e.g.
 * `{ "key": "{{payload.customerId}}", "limit": 1 }` runs one customer's runs one after another
 * while other customers' run beside them. The key is rendered from a run's input when it is made.
 */

/** The most runs of one key a workflow may let run at once. */
export const MAX_CONCURRENCY_LIMIT = 1_000
/** The longest key template, and the longest key a run keeps (a longer rendering is cut there). */
export const MAX_CONCURRENCY_KEY = 200

/**
 * The concurrency key a new run of a workflow with `trigger` takes, rendered from its input (a
 * missing variable renders as nothing, so runs without it share one key); null without one.
 */
export const concurrencyOf = (
  trigger: JsonObject,
  input: { readonly payload: JsonObject; readonly context: string }
): RunConcurrency | null => {
  const concurrency = trigger.concurrency
  if (!isJsonObject(concurrency) || typeof concurrency.key !== "string" || typeof concurrency.limit !== "number") return null
  const parts = parseTemplateText(concurrency.key)
  if (Either.isLeft(parts)) return null
  return { key: cutAt(renderTemplateText(parts.right, input), MAX_CONCURRENCY_KEY), limit: concurrency.limit }
}

/** The first `length` UTF-16 units of `text`, one fewer rather than half of a surrogate pair (storage refuses a half). */
const cutAt = (text: string, length: number) => {
  if (text.length <= length) return text
  const last = text.charCodeAt(length - 1)
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length)
}

/** Each tenant's cap on its running runs; a tenant left out, or at 0, has none. */
export type TenantRunCaps = ReadonlyMap<string, number>

/** How long a parked run waits before the resume sweep queues it again, in case its wake-up was lost. */
export const PARKED_SWEEP_MS = 60_000

/** The identity of a run in the sets below. */
export const runKeyOf = (run: Pick<Run, "tenantId" | "id">) => `${run.tenantId}/${run.id}`

const keyLineOf = (run: Run) => `${run.tenantId}/${run.workflowId}/${run.concurrency!.key}`

/**
 * The queued candidates of a claim that would go past a cap, were the claim to take every
 * candidate it does not refuse: candidates count oldest first (createdAt, id) against what runs
 * already (`running`, each tenant's running runs). A refused candidate still counts against its
 * tenant's cap within the claim: the claim errs towards too few, never too many (as the SQL does).
 */
export const refusedByCaps = (
  candidates: ReadonlyArray<Run>,
  running: ReadonlyArray<Run>,
  caps: TenantRunCaps
): ReadonlySet<string> => {
  const byTenant = new Map<string, number>()
  const byKey = new Map<string, number>()
  const count = (counts: Map<string, number>, key: string) => {
    const next = (counts.get(key) ?? 0) + 1
    counts.set(key, next)
    return next
  }
  for (const run of running) {
    count(byTenant, run.tenantId)
    if (run.concurrency !== null) count(byKey, keyLineOf(run))
  }
  const refused = new Set<string>()
  const queued = candidates
    .filter((run) => run.status === "queued")
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
  for (const run of queued) {
    const cap = caps.get(run.tenantId) ?? 0
    const overTenant = count(byTenant, run.tenantId) > cap && cap > 0
    const overKey = run.concurrency !== null && count(byKey, keyLineOf(run)) > run.concurrency.limit
    if (overTenant || overKey) refused.add(runKeyOf(run))
  }
  return refused
}

/** Whether a parked run's concurrency key has room, given the runs running now. */
export const keyHasRoom = (run: Run, running: ReadonlyArray<Run>) =>
  run.concurrency === null ||
  running.filter((other) => other.concurrency !== null && keyLineOf(other) === keyLineOf(run)).length <
    run.concurrency.limit
