import { RUN_STATUSES, type Run, type RunStatus } from "@servicekit/core/automations"
import { MAX_TAKEOVERS, RunRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { findInTenant, keysAsJson, olderThan } from "../Keyset.js"
import { statistics, stepLog } from "./RunReadouts.js"
import { table, toRow, toRun } from "./RunRows.js"
import type { AutomationRunsTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

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
              and (r.status = 'queued' or (r.status = 'running' and (r.lease_until is null or r.lease_until < ${at})))
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
                eb.and([eb("status", "=", "queued"), eb("lease_until", "<", at)])
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
