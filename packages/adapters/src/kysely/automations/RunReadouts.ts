// The readouts' queries over automation_runs and automation_step_results: statistics and the step log.
import { type JsonObject, RUN_STATUSES, type RunStatus } from "@servicekit/core/automations"
import type { RunStatistics, StepLogPage, StepLogQuery } from "@servicekit/core/internal"
import { type Kysely, sql } from "kysely"
import type { AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

/**
 * A percentile of the start latency in milliseconds, null without started runs: Postgres'
 * percentile_disc (one of the values, never an interpolation) over the runs with a started_at.
 */
const latencyPercentile = (fraction: number) =>
  sql<
    number | null
  >`(percentile_disc(${sql.lit(fraction)}) within group (order by extract(epoch from started_at - created_at)) * 1000)::float8`

/** How the tenant's runs created from `from` to `to` went: one range on automation_runs_tenant_created_idx. */
export const statistics = async (db: Db, tenantId: string, from: Date, to: Date): Promise<RunStatistics> => {
  const row = await db
    .selectFrom("automation_runs")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      ...RUN_STATUSES.map((status) => sql<number | string>`count(*) filter (where status = ${status})`.as(status)),
      eb.fn.count<number | string>("started_at").as("started"),
      latencyPercentile(0.5).as("p50"),
      latencyPercentile(0.95).as("p95")
    ])
    .where("tenant_id", "=", tenantId)
    .where("created_at", ">=", from)
    .where("created_at", "<=", to)
    .executeTakeFirstOrThrow()
  const counts = row as unknown as Record<RunStatus, number | string>
  // pg answers a bigint count as a string, PGlite as a number.
  const started = Number(row.started)
  return {
    total: Number(row.total),
    byStatus: Object.fromEntries(RUN_STATUSES.map((status) => [status, Number(counts[status])])) as Record<
      RunStatus,
      number
    >,
    startLatencyMs: started === 0 ? null : { samples: started, p50: Number(row.p50), p95: Number(row.p95) }
  }
}

/** Whether `value` is one of `ids` (none: false, as `in ()` is no SQL). */
const skillOneOf = (value: ReturnType<typeof sql>, ids: ReadonlyArray<string>) =>
  ids.length === 0 ? sql<boolean>`false` : sql<boolean>`${value} in (${sql.join(ids.map((id) => sql`${id}`))})`

/**
 * A page of the step log. Its runs are a range of the run list's index (the workflow's with a
 * workflowId, the primary key's with a runId), ended at the `maxRuns`-th run, which a first
 * statement finds by reading that many index entries; the second joins only those runs' results
 * (ranges of automation_step_results' primary key), filters and orders them.
 */
export const stepLog = async (db: Db, tenantId: string, query: StepLogQuery): Promise<StepLogPage> => {
  const { after } = query
  const range = [
    sql<boolean>`r.tenant_id = ${tenantId}`,
    ...(query.workflowId === undefined ? [] : [sql<boolean>`r.workflow_id = ${query.workflowId}`]),
    ...(query.runId === undefined ? [] : [sql<boolean>`r.id = ${query.runId}`]),
    // The runs after the position's, and that run itself while its step 0 is still to come.
    ...(after === undefined
      ? []
      : [
          after.index > 0
            ? sql<boolean>`(r.created_at, r.id) <= (${after.createdAt}::timestamptz, ${after.runId}::uuid)`
            : sql<boolean>`(r.created_at, r.id) < (${after.createdAt}::timestamptz, ${after.runId}::uuid)`
        ])
  ]
  const last = await db
    .selectFrom("automation_runs as r")
    .select(["r.created_at", "r.id"])
    .where((eb) => eb.and(range))
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .offset(query.maxRuns - 1)
    .limit(1)
    .executeTakeFirst()
  const conditions = [
    ...range,
    ...(last === undefined
      ? []
      : [sql<boolean>`(r.created_at, r.id) >= (${last.created_at}::timestamptz, ${last.id}::uuid)`]),
    ...(after === undefined
      ? []
      : [
          sql<boolean>`(r.created_at, r.id, s.step_index) < (${after.createdAt}::timestamptz, ${after.runId}::uuid, ${after.index}::int)`
        ]),
    ...(query.status === undefined ? [] : [sql<boolean>`s.status = ${query.status}`]),
    ...(query.messageSkills === undefined
      ? []
      : [
          sql<boolean>`s.status = 'succeeded' and (s.type = 'deliver' or (s.type = 'skill' and ${skillOneOf(sql`r.steps -> s.step_index ->> 'skillId'`, query.messageSkills)}))`
        ])
  ]
  const rows = await db
    .selectFrom("automation_runs as r")
    .innerJoin("automation_step_results as s", (join) =>
      join.onRef("s.tenant_id", "=", "r.tenant_id").onRef("s.run_id", "=", "r.id")
    )
    .select([
      "r.id",
      "r.workflow_id",
      "r.created_at",
      "s.step_index",
      "s.type",
      "s.name",
      "s.status",
      "s.output",
      "s.output_text",
      "s.error",
      "s.attempt",
      "s.approved",
      "s.worker",
      "s.started_at",
      "s.finished_at",
      sql<JsonObject | null>`r.steps -> s.step_index`.as("step")
    ])
    .where((eb) => eb.and(conditions))
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .orderBy("s.step_index", "desc")
    .limit(query.limit)
    .execute()
  return {
    entries: rows.map((row) => ({
      runId: row.id,
      workflowId: row.workflow_id,
      runCreatedAt: row.created_at,
      result: {
        index: row.step_index,
        type: row.type,
        name: row.name,
        status: row.status,
        output: row.output,
        outputText: row.output_text,
        error: row.error,
        attempt: row.attempt,
        approved: row.approved,
        worker: row.worker,
        startedAt: row.started_at,
        finishedAt: row.finished_at
      },
      step: row.step
    })),
    readTo: last === undefined ? null : { createdAt: last.created_at, runId: last.id, index: 0 }
  }
}
