import { isUuid } from "../../platform/Crypto.js"
import { newestFirst } from "../../platform/Keyset.js"
import type { MessageChannel } from "../../module/Skill.js"
import { RUN_STATUSES, type Run, type RunStatus, type StepResult, type StepStatus } from "./Run.js"
import type { JsonObject } from "./Workflow.js"

/**
 * The readouts' queries over runs (statistics and the step log): what they answer, and how the
 * memory store answers them from its rows, as the Kysely store's SQL does.
 */

/** How a tenant's runs created in a time range went. */
export interface RunStatistics {
  readonly total: number
  readonly byStatus: Readonly<Record<RunStatus, number>>
  /**
   * Start latency (startedAt − createdAt, in milliseconds) of the runs a worker started: their
   * number and `percentileDisc` at 0.5 and 0.95 (Postgres' percentile_disc). Null when no run
   * was taken.
   */
  readonly startLatencyMs: { readonly samples: number; readonly p50: number; readonly p95: number } | null
}

/**
 * The discrete percentile of Postgres' percentile_disc: the first of the values, sorted
 * ascending, whose position reaches `fraction` of them, i.e. the ceil(fraction × n)-th (at
 * least the first). Always one of the values, never an interpolation.
 */
export const percentileDisc = (ascending: ReadonlyArray<number>, fraction: number): number =>
  ascending[Math.max(1, Math.ceil(fraction * ascending.length)) - 1]!

/**
 * The channel a step result went out on when it is a message a run sent, else undefined: a
 * succeeded `deliver` step, or a succeeded step of a skill in `channels` (the skill registry's
 * `messageChannels`).
 */
export const messageChannel = (
  result: StepResult,
  step: JsonObject | null,
  channels: ReadonlyMap<string, MessageChannel>
): MessageChannel | undefined => {
  if (result.status !== "succeeded") return undefined
  if (result.type === "deliver") return "channel"
  const skillId = step?.skillId
  return result.type === "skill" && typeof skillId === "string" ? channels.get(skillId) : undefined
}

const isMessage = (result: StepResult, step: JsonObject | null, messageSkills: ReadonlyArray<string>) =>
  result.status === "succeeded" &&
  (result.type === "deliver" ||
    (result.type === "skill" && typeof step?.skillId === "string" && messageSkills.includes(step.skillId)))

/** A step in the runs' step log, which runs newest run first by (createdAt, id), then last step first. */
export interface StepPosition {
  readonly createdAt: Date
  readonly runId: string
  readonly index: number
}

export interface StepLogQuery {
  /** Steps strictly after this one; its run is a stored run (its id a uuid). */
  readonly after?: StepPosition | undefined
  readonly limit: number
  /**
   * At most this many runs are read for a page: the runs from `after`'s (itself included while
   * steps of it remain), newest first. Bounds a page's cost when few steps match.
   */
  readonly maxRuns: number
  readonly runId?: string | undefined
  readonly workflowId?: string | undefined
  /** Steps in this status. */
  readonly status?: StepStatus | undefined
  /**
   * Only the messages runs sent: succeeded deliver steps, and succeeded skill steps of these
   * skills (the ids of the skill registry's `messageChannels`; see `messageChannel`).
   */
  readonly messageSkills?: ReadonlyArray<string> | undefined
}

export interface StepLogEntry {
  readonly runId: string
  readonly workflowId: string
  readonly runCreatedAt: Date
  readonly result: StepResult
  /** The step as the run copied it from its workflow (placeholders unfilled); null if the run has none at the index. */
  readonly step: JsonObject | null
}

export interface StepLogPage {
  readonly entries: ReadonlyArray<StepLogEntry>
  /**
   * When `maxRuns` runs were read: the position after the last of them (its step 0), where the
   * next page goes on; null when the runs ran out first.
   */
  readonly readTo: StepPosition | null
}

/** Whether step `index` of `run` comes after `position` in the step log. */
const stepAfter = (position: StepPosition, run: Run, index: number) => {
  const byRun = newestFirst({ createdAt: position.createdAt, id: position.runId }, run)
  return byRun < 0 || (byRun === 0 && index < position.index)
}

/** `RunRepository.statistics` over the stored runs. */
export const statisticsOf = (rows: Iterable<Run>, tenantId: string, from: Date, to: Date): RunStatistics => {
  const created = [...rows].filter((row) => row.tenantId === tenantId && row.createdAt >= from && row.createdAt <= to)
  const byStatus = Object.fromEntries(RUN_STATUSES.map((status) => [status, 0])) as Record<RunStatus, number>
  for (const row of created) byStatus[row.status]++
  const latencies = created
    .flatMap((row) => (row.startedAt === null ? [] : [row.startedAt.getTime() - row.createdAt.getTime()]))
    .sort((a, b) => a - b)
  return {
    total: created.length,
    byStatus,
    startLatencyMs:
      latencies.length === 0
        ? null
        : { samples: latencies.length, p50: percentileDisc(latencies, 0.5), p95: percentileDisc(latencies, 0.95) }
  }
}

/** `RunRepository.stepLog` over the stored runs. */
export const stepLogOf = (rows: Iterable<Run>, tenantId: string, query: StepLogQuery): StepLogPage => {
  const { after } = query
  if (after !== undefined && !isUuid(after.runId)) return { entries: [], readTo: null }
  const read = [...rows]
    .filter(
      (row) =>
        row.tenantId === tenantId &&
        (query.runId === undefined || row.id === query.runId) &&
        (query.workflowId === undefined || row.workflowId === query.workflowId) &&
        // The runs after the position's, and that run itself while its step 0 is still to come.
        (after === undefined || stepAfter(after, row, 0))
    )
    .sort(newestFirst)
    .slice(0, query.maxRuns)
  const entries = read
    .flatMap((run) =>
      [...run.results]
        .sort((a, b) => b.index - a.index)
        .map(
          (result): StepLogEntry => ({
            runId: run.id,
            workflowId: run.workflowId,
            runCreatedAt: run.createdAt,
            result,
            step: run.steps[result.index] ?? null
          })
        )
        .filter(
          ({ result, step }) =>
            (after === undefined || stepAfter(after, run, result.index)) &&
            (query.status === undefined || result.status === query.status) &&
            (query.messageSkills === undefined || isMessage(result, step, query.messageSkills))
        )
    )
    .slice(0, query.limit)
  const last = read.length === query.maxRuns ? read[read.length - 1] : undefined
  return {
    entries,
    readTo: last === undefined ? null : { createdAt: last.createdAt, runId: last.id, index: 0 }
  }
}
