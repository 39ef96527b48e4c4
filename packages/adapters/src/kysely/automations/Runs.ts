import {
  type JsonObject,
  MAX_TAKEOVERS,
  RUN_STATUSES,
  TIMED_WAITS,
  type Run,
  RunRepository,
  type RunStatistics,
  type RunStatus,
  type RunTakeover,
  type StepLogPage,
  type StepLogQuery,
  type StepResult,
  isUuid
} from "@servicekit/core"
import { Effect, Layer } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, keysAsJson, olderThan } from "../Keyset.js"
import type { AutomationRunsTable, AutomationsTables, StoredStepResult, StoredTakeover } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (run: Run): Insertable<AutomationRunsTable> => ({
  tenant_id: run.tenantId,
  id: run.id,
  workflow_id: run.workflowId,
  flow_id: run.flowId,
  revision: run.revision,
  steps: JSON.stringify(run.steps),
  status: run.status,
  attempt: run.attempt,
  trigger_type: run.trigger.type,
  trigger_event: run.trigger.event,
  context: run.context,
  payload: JSON.stringify(run.payload),
  parent_run_id: run.parentRunId,
  test: run.test,
  idempotency_key: run.idempotencyKey,
  // Dates become ISO strings (Date.prototype.toJSON); toResult reads them back.
  results: JSON.stringify(run.results),
  reason: run.reason,
  lease_until: run.leaseUntil,
  held_by: run.heldBy === null ? null : JSON.stringify(run.heldBy),
  takeovers: JSON.stringify(run.takeovers),
  created_at: run.createdAt,
  started_at: run.startedAt,
  finished_at: run.finishedAt,
  updated_at: run.updatedAt
})

const toResult = (stored: StoredStepResult): StepResult => ({
  ...stored,
  approved: stored.approved ?? false,
  worker: stored.worker ?? null,
  startedAt: new Date(stored.startedAt),
  finishedAt: stored.finishedAt === null ? null : new Date(stored.finishedAt)
})

const toTakeover = (stored: StoredTakeover): RunTakeover => ({
  ...stored,
  at: new Date(stored.at),
  leaseExpiredAt: stored.leaseExpiredAt === null ? null : new Date(stored.leaseExpiredAt)
})

const toRun = (row: Selectable<AutomationRunsTable>): Run => ({
  id: row.id,
  tenantId: row.tenant_id,
  workflowId: row.workflow_id,
  flowId: row.flow_id,
  revision: row.revision,
  steps: row.steps,
  status: row.status,
  attempt: row.attempt,
  trigger: { type: row.trigger_type, event: row.trigger_event },
  context: row.context,
  payload: row.payload,
  parentRunId: row.parent_run_id,
  test: row.test,
  idempotencyKey: row.idempotency_key,
  results: row.results.map(toResult),
  reason: row.reason,
  leaseUntil: row.lease_until,
  heldBy: row.held_by,
  takeovers: row.takeovers.map(toTakeover),
  createdAt: row.created_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationRunsTable>, Run> = { name: "automation_runs", toRecord: toRun }

/** Every column but the key: what storing a run whole writes over a stored one. */
const columnsOf = (run: Run) => {
  const { id: _id, tenant_id: _tenantId, ...columns } = toRow(run)
  return columns
}

/** A concurrent writer released the key between our insert's conflict and our read: tries again, a few times. */
const KEYED_TRIES = 3

/**
 * insertKeyed's statements, in one transaction. Under read committed each statement sees what
 * committed before it began: an insert that conflicts with a run still being inserted waits for
 * that unit of work, and the read after it finds the holder.
 */
const insertKeyed = async (db: Db, run: Run, keptSince: Date): Promise<Selectable<AutomationRunsTable>> => {
  for (let tries = 0; tries < KEYED_TRIES; tries++) {
    if (run.idempotencyKey !== null) {
      await db
        .updateTable("automation_runs")
        .set({ idempotency_key: null })
        .where("tenant_id", "=", run.tenantId)
        .where("idempotency_key", "=", run.idempotencyKey)
        .where("created_at", "<", keptSince)
        .execute()
    }
    const inserted = await db
      .insertInto("automation_runs")
      .values(toRow(run))
      .onConflict((conflict) => conflict.columns(["tenant_id", "idempotency_key"]).doNothing())
      .returningAll()
      .executeTakeFirst()
    if (inserted !== undefined) return inserted
    const holder = await db
      .selectFrom("automation_runs")
      .selectAll()
      .where("tenant_id", "=", run.tenantId)
      .where("idempotency_key", "=", run.idempotencyKey)
      .executeTakeFirst()
    if (holder !== undefined) return holder
  }
  throw new Error(`idempotency key of run ${run.id} changed hands ${KEYED_TRIES} times while inserting`)
}

/**
 * A percentile of the start latency in milliseconds, null without started runs: Postgres'
 * percentile_disc (one of the values, never an interpolation) over the runs with a started_at.
 */
const latencyPercentile = (fraction: number) =>
  sql<
    number | null
  >`(percentile_disc(${sql.lit(fraction)}) within group (order by extract(epoch from started_at - created_at)) * 1000)::float8`

/** How the tenant's runs created from `from` to `to` went: one range on automation_runs_tenant_created_idx. */
const statistics = async (db: Db, tenantId: string, from: Date, to: Date): Promise<RunStatistics> => {
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

/** A step result of the lateral join, and its step index. */
const stepResult = sql<StoredStepResult>`step_results.value`
const stepIndex = sql<number>`(step_results.value ->> 'index')::int`

/**
 * A page of the step log. Its runs are a range of the run list's index (the workflow's with a
 * workflowId, the primary key's with a runId), ended at the `maxRuns`-th run, which a first
 * statement finds by reading that many index entries; the second expands only those runs'
 * results (jsonb_array_elements in a lateral join), filters and orders them.
 */
/** Whether `value` is one of `ids` (none: false, as `in ()` is no SQL). */
const skillOneOf = (value: ReturnType<typeof sql>, ids: ReadonlyArray<string>) =>
  ids.length === 0 ? sql<boolean>`false` : sql<boolean>`${value} in (${sql.join(ids.map((id) => sql`${id}`))})`

const stepLog = async (db: Db, tenantId: string, query: StepLogQuery): Promise<StepLogPage> => {
  const { after } = query
  const range = [
    sql<boolean>`tenant_id = ${tenantId}`,
    ...(query.workflowId === undefined ? [] : [sql<boolean>`workflow_id = ${query.workflowId}`]),
    ...(query.runId === undefined ? [] : [sql<boolean>`id = ${query.runId}`]),
    // The runs after the position's, and that run itself while its step 0 is still to come.
    ...(after === undefined
      ? []
      : [
          after.index > 0
            ? sql<boolean>`(created_at, id) <= (${after.createdAt}::timestamptz, ${after.runId}::uuid)`
            : sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.runId}::uuid)`
        ])
  ]
  const last = await db
    .selectFrom("automation_runs")
    .select(["created_at", "id"])
    .where((eb) => eb.and(range))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(query.maxRuns - 1)
    .limit(1)
    .executeTakeFirst()
  const conditions = [
    ...range,
    ...(last === undefined
      ? []
      : [sql<boolean>`(created_at, id) >= (${last.created_at}::timestamptz, ${last.id}::uuid)`]),
    ...(after === undefined
      ? []
      : [
          sql<boolean>`(created_at, id, ${stepIndex}) < (${after.createdAt}::timestamptz, ${after.runId}::uuid, ${after.index}::int)`
        ]),
    ...(query.status === undefined ? [] : [sql<boolean>`${stepResult} ->> 'status' = ${query.status}`]),
    ...(query.messageSkills === undefined
      ? []
      : [
          sql<boolean>`${stepResult} ->> 'status' = 'succeeded' and (${stepResult} ->> 'type' = 'deliver' or (${stepResult} ->> 'type' = 'skill' and ${skillOneOf(sql`steps -> ${stepIndex} ->> 'skillId'`, query.messageSkills)}))`
        ])
  ]
  const rows = await db
    .selectFrom("automation_runs")
    .crossJoinLateral(sql`jsonb_array_elements(results)`.as("step_results"))
    .select([
      "id",
      "workflow_id",
      "created_at",
      stepResult.as("step_result"),
      sql<JsonObject | null>`steps -> ${stepIndex}`.as("step")
    ])
    .where((eb) => eb.and(conditions))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .orderBy(stepIndex, "desc")
    .limit(query.limit)
    .execute()
  return {
    entries: rows.map((row) => ({
      runId: row.id,
      workflowId: row.workflow_id,
      runCreatedAt: row.created_at,
      result: toResult(row.step_result),
      step: row.step
    })),
    readTo: last === undefined ? null : { createdAt: last.created_at, runId: last.id, index: 0 }
  }
}

export const make = (database: KyselyConnection): RunRepository["Type"] =>
  RunRepository.of({
    // Stores the run whole under its id, replacing what the id held, as the memory store does.
    insert: (run) =>
      Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_runs")
            .values(toRow(run))
            .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doUpdateSet(columnsOf(run)))
            .execute()
        )
      ),

    insertMany: (runs) =>
      runs.length === 0
        ? Effect.void
        : Effect.asVoid(
            query(database, (db: Db) =>
              db
                .insertInto("automation_runs")
                .values(runs.map(toRow))
                .onConflict((conflict) =>
                  conflict
                    .columns(["tenant_id", "id"])
                    .doUpdateSet((eb) =>
                      Object.fromEntries(
                        Object.keys(columnsOf(runs[0]!)).map((column) => [
                          column,
                          eb.ref(`excluded.${column}` as never)
                        ])
                      )
                    )
                )
                .execute()
            )
          ),

    insertKeyed: (run, keptSince) =>
      Effect.map(
        query(database, (db: Db) =>
          db.isTransaction
            ? insertKeyed(db, run, keptSince)
            : db.transaction().execute((trx) => insertKeyed(trx, run, keptSince))
        ),
        toRun
      ),

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    // A range on automation_runs_tenant_workflow_created_idx with a workflow, on
    // automation_runs_tenant_status_created_idx with a status only, else on automation_runs_tenant_created_idx.
    list: (tenantId, { after, limit, status, workflowId }) =>
      isUuid(tenantId) && (workflowId === undefined || isUuid(workflowId))
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_runs")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .$if(workflowId !== undefined, (select) => select.where("workflow_id", "=", workflowId!))
                .$if(status !== undefined, (select) => select.where("status", "=", status!))
                .$if(after !== undefined, (select) => select.where(olderThan(after!)))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toRun)
          )
        : Effect.succeed([]),

    // One statement: of two writers, the second waits for the first's row lock, then checks its own
    // conditions against what the first wrote.
    update: (run, from, leaseUntil) =>
      isUuid(run.tenantId) && isUuid(run.id) && from.length > 0
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("automation_runs")
                .set({
                  status: run.status,
                  attempt: run.attempt,
                  results: JSON.stringify(run.results),
                  reason: run.reason,
                  lease_until: run.leaseUntil,
                  started_at: run.startedAt,
                  finished_at: run.finishedAt,
                  updated_at: run.updatedAt
                })
                .where("tenant_id", "=", run.tenantId)
                .where("id", "=", run.id)
                .where("status", "in", from)
                .$if(leaseUntil !== undefined, (update) =>
                  update.where("lease_until", "is not distinct from", leaseUntil!)
                )
                .executeTakeFirst()
            ),
            (result) => result.numUpdatedRows > 0n
          )
        : Effect.succeed(false),

    // One statement, the keys passed as one JSON array (duplicates and malformed keys dropped first):
    // of two workers claiming a run at once, the second waits for the first and then finds it leased.
    // A running run taken adds a takeover (RunRepositories' takeoverOf), made of its columns as they were;
    // at MAX_TAKEOVERS the oldest goes.
    claimMany: (keys, at, leaseUntil, worker) => {
      const json = keysAsJson(keys)
      if (json === undefined) return Effect.succeed([])
      return Effect.map(
        query(database, (db: Db) =>
          sql<Selectable<AutomationRunsTable>>`
            update ${sql.id(database.schema, "automation_runs")} as r
            set status = 'running', lease_until = ${leaseUntil}, started_at = coalesce(r.started_at, ${at}),
              updated_at = ${at}, held_by = ${JSON.stringify(worker)}::jsonb,
              takeovers = case when r.status = 'running' then (case when jsonb_array_length(r.takeovers) >= ${MAX_TAKEOVERS}
                then r.takeovers - 0 else r.takeovers end) || jsonb_build_array(jsonb_build_object(
                'at', ${at.toISOString()}::text,
                'stepIndex', (select min((result ->> 'index')::int) from jsonb_array_elements(r.results) as result
                  where result ->> 'status' = 'running'),
                'from', r.held_by,
                'to', ${JSON.stringify(worker)}::jsonb,
                'leaseExpiredAt', to_jsonb(r.lease_until)
              )) else r.takeovers end
            from jsonb_to_recordset(${json}::jsonb) as k(tenant_id uuid, id uuid)
            where r.tenant_id = k.tenant_id and r.id = k.id
              and (r.status = 'queued' or (r.status = 'running' and (r.lease_until is null or r.lease_until < ${at}))
                or (r.status in ('waiting_node', 'waiting_timer') and r.lease_until <= ${at}))
            returning r.*
          `.execute(db)
        ),
        (result) => result.rows.map(toRun)
      )
    },

    // One statement, the writes passed as one JSON array; answers per write from the ids it updated.
    updateMany: (updates) => {
      const valid = updates.filter(({ from, run }) => isUuid(run.tenantId) && isUuid(run.id) && from.length > 0)
      if (valid.length === 0) return Effect.succeed(updates.map(() => false))
      const json = JSON.stringify(
        valid.map(({ from, leaseUntil, run }) => ({
          tenant_id: run.tenantId,
          id: run.id,
          status: run.status,
          attempt: run.attempt,
          results: run.results,
          reason: run.reason,
          lease_until: run.leaseUntil,
          started_at: run.startedAt,
          finished_at: run.finishedAt,
          updated_at: run.updatedAt,
          from_statuses: from.join(","),
          check_lease: leaseUntil !== undefined,
          held_lease: leaseUntil ?? null
        }))
      )
      return Effect.map(
        query(database, (db: Db) =>
          sql<{ readonly tenant_id: string; readonly id: string }>`
            update ${sql.id(database.schema, "automation_runs")} as r
            set status = u.status, attempt = u.attempt, results = u.results, reason = u.reason, lease_until = u.lease_until,
              started_at = u.started_at, finished_at = u.finished_at, updated_at = u.updated_at
            from jsonb_to_recordset(${json}::jsonb) as u(
              tenant_id uuid, id uuid, status text, attempt integer, results jsonb, reason text, lease_until timestamptz,
              started_at timestamptz, finished_at timestamptz, updated_at timestamptz, from_statuses text,
              check_lease boolean, held_lease timestamptz
            )
            where r.tenant_id = u.tenant_id and r.id = u.id and r.status = any(string_to_array(u.from_statuses, ','))
              and (not u.check_lease or r.lease_until is not distinct from u.held_lease)
            returning r.tenant_id, r.id
          `.execute(db)
        ),
        (result) => {
          const written = new Set(result.rows.map((row) => `${row.tenant_id}/${row.id}`))
          return updates.map(({ run }) => written.has(`${run.tenantId}/${run.id}`))
        }
      )
    },

    // Running runs are few: the partial index automation_runs_tenant_running_idx holds them all.
    stalled: (at, limit) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .selectFrom("automation_runs")
            .selectAll()
            .where((eb) =>
              eb.or([
                eb.and([
                  eb("status", "=", "running"),
                  eb.or([eb("lease_until", "is", null), eb("lease_until", "<", at)])
                ]),
                eb.and([eb("status", "=", "queued"), eb("lease_until", "<", at)]),
                eb.and([eb("status", "in", TIMED_WAITS), eb("lease_until", "<", at)])
              ])
            )
            .orderBy("lease_until", "asc")
            .orderBy("id", "asc")
            .limit(limit)
            .execute()
        ),
        (rows) => rows.map(toRun)
      ),

    // The tenant's entries of the partial index automation_runs_tenant_running_idx.
    countRunning: (tenantId) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_runs")
                .select((eb) => eb.fn.countAll().as("running"))
                .where("tenant_id", "=", tenantId)
                .where("status", "=", "running")
                .executeTakeFirstOrThrow()
            ),
            // pg answers a bigint count as a string.
            (row) => Number(row.running)
          )
        : Effect.succeed(0),

    statistics: (tenantId, from, to) =>
      isUuid(tenantId)
        ? query(database, (db: Db) => statistics(db, tenantId, from, to))
        : Effect.succeed({
            total: 0,
            byStatus: Object.fromEntries(RUN_STATUSES.map((status) => [status, 0])) as Record<RunStatus, number>,
            startLatencyMs: null
          }),

    stepLog: (tenantId, stepQuery) =>
      isUuid(tenantId) &&
      (stepQuery.runId === undefined || isUuid(stepQuery.runId)) &&
      (stepQuery.workflowId === undefined || isUuid(stepQuery.workflowId)) &&
      (stepQuery.after === undefined || isUuid(stepQuery.after.runId))
        ? query(database, (db: Db) => stepLog(db, tenantId, stepQuery))
        : Effect.succeed({ entries: [], readTo: null })
  })

export const layer: Layer.Layer<RunRepository, never, KyselyDatabase> = Layer.effect(
  RunRepository,
  Effect.map(KyselyDatabase, make)
)
