import { RUN_STATUSES, type RunStatus } from "@servicekit/core/automations"
import { ENDED_RUN_STATUSES, RUN_ROWS, RunRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import { type Kysely, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { countQueuedInTenant, keysAsJson, olderThan } from "../Keyset.js"
import { pruneRows } from "../RetentionBatch.js"
import { statistics, stepLog } from "./RunReadouts.js"
import { type RunRow, toRun } from "./RunRows.js"
import { resultsColumn } from "./StepResultRows.js"
import { claimLocks, claimRuns, insertKeyed, insertRuns, updateRuns, wakeLongParkedRuns, wakeTenantsRuns } from "./RunWrites.js"
import type { AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

export const make = (database: KyselyConnection): RunRepository["Type"] => {
  const { schema } = database
  /** Runs with their results: the rows of automation_runs (aliased `runs`) the query selects. */
  const selectRuns = (db: Db) =>
    db.selectFrom("automation_runs as runs").selectAll("runs").select(resultsColumn(schema).as("results"))
  const toRuns = (rows: ReadonlyArray<RunRow>) => rows.map(toRun)
  const updateMany: RunRepository["Type"]["updateMany"] = (updates) => {
    const valid = updates.filter(({ from, run }) => isUuid(run.tenantId) && isUuid(run.id) && from.length > 0)
    if (valid.length === 0) return Effect.succeed(updates.map(() => false))
    return Effect.map(
      query(database, (db: Db) => updateRuns(schema, valid).execute(db)),
      (result) => {
        const written = new Set(result.rows.map((row) => `${row.tenant_id}/${row.id}`))
        return updates.map(({ run }) => written.has(`${run.tenantId}/${run.id}`))
      }
    )
  }

  const wake = (statement: ReturnType<typeof wakeTenantsRuns>) =>
    Effect.map(
      query(database, (db: Db) => statement.execute(db)),
      (result) => toRuns(result.rows)
    )

  return RunRepository.of({
    // Stores the run whole under its id, replacing what the id held, as the memory store does.
    insert: (run) => Effect.asVoid(query(database, (db: Db) => insertRuns(schema, [run]).execute(db))),

    insertMany: (runs) =>
      runs.length === 0 ? Effect.void : Effect.asVoid(query(database, (db: Db) => insertRuns(schema, runs).execute(db))),

    insertKeyed: (run, keptSince) =>
      query(database, (db: Db) =>
        db.isTransaction
          ? insertKeyed(db, schema, run, keptSince)
          : db.transaction().execute((trx) => insertKeyed(trx, schema, run, keptSince))
      ),

    find: (tenantId, id) =>
      isUuid(tenantId) && isUuid(id)
        ? Effect.map(
            query(database, (db: Db) =>
              selectRuns(db).where("runs.tenant_id", "=", tenantId).where("runs.id", "=", id).executeTakeFirst()
            ),
            (row) => Option.map(Option.fromNullable(row as RunRow | undefined), toRun)
          )
        : Effect.succeedNone,

    // A range on automation_runs_tenant_workflow_created_idx with a workflow, on
    // automation_runs_tenant_status_created_idx with a status only, else on automation_runs_tenant_created_idx.
    list: (tenantId, { after, limit, status, workflowId }) =>
      isUuid(tenantId) && (workflowId === undefined || isUuid(workflowId))
        ? Effect.map(
            query(database, (db: Db) =>
              selectRuns(db)
                .where("runs.tenant_id", "=", tenantId)
                .$if(workflowId !== undefined, (select) => select.where("runs.workflow_id", "=", workflowId!))
                .$if(status !== undefined, (select) => select.where("runs.status", "=", status!))
                .$if(after !== undefined, (select) => select.where(olderThan(after!)))
                .orderBy("runs.created_at", "desc")
                .orderBy("runs.id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => toRuns(rows as ReadonlyArray<RunRow>)
          )
        : Effect.succeed([]),

    update: (run, from, leaseUntil, steps) =>
      Effect.map(updateMany([{ run, from, leaseUntil, steps }]), ([written]) => written!),

    claimMany: (keys, at, leaseUntil, worker, caps = new Map()) => {
      const json = keysAsJson(keys)
      if (json === undefined) return Effect.succeed([])
      const capsJson = JSON.stringify(
        [...caps].filter(([tenant, cap]) => isUuid(tenant) && cap > 0).map(([tenant, cap]) => ({ tenant_id: tenant, cap }))
      )
      const claim = async (db: Kysely<any>) => (await claimRuns(schema, json, capsJson, at, leaseUntil, worker).execute(db)).rows
      // One connection runs one statement at a time: a claim's counts are exact without a lock.
      const locked = async (db: Kysely<any>) => {
        await claimLocks(json).execute(db)
        return claim(db)
      }
      return Effect.map(
        query(database, (db: Db) =>
          database.singleConnection ? claim(db) : db.isTransaction ? locked(db) : db.transaction().execute(locked)
        ),
        toRuns
      )
    },

    wakeParked: (tenantIds) => {
      const valid = tenantIds.filter(isUuid)
      return valid.length === 0 ? Effect.succeed([]) : wake(wakeTenantsRuns(schema, JSON.stringify(valid)))
    },

    wakeLongParked: (before, limit) =>
      limit > 0 ? wake(wakeLongParkedRuns(schema, before, limit)) : Effect.succeed([]),

    updateMany,

    // Running runs are few: the partial index automation_runs_tenant_running_idx holds them all.
    stalled: (at, limit) =>
      Effect.map(
        query(database, (db: Db) =>
          selectRuns(db)
            .where((eb) =>
              eb.or([
                eb.and([
                  eb("runs.status", "=", "running"),
                  eb.or([eb("runs.lease_until", "is", null), eb("runs.lease_until", "<", at)])
                ]),
                eb.and([eb("runs.status", "=", "queued"), eb("runs.lease_until", "<", at)])
              ])
            )
            .orderBy("runs.lease_until", "asc")
            .orderBy("runs.id", "asc")
            .limit(limit)
            .execute()
        ),
        (rows) => toRuns(rows as ReadonlyArray<RunRow>)
      ),

    // A range of automation_runs_tenant_status_created_idx.
    countQueued: (tenantId, upTo) => countQueuedInTenant(database, "automation_runs", tenantId, upTo),

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
        : Effect.succeed({ entries: [], readTo: null }),

    // A range of automation_runs_ended_idx (automation_runs_tenant_ended_idx for one tenant): the
    // statuses as literals, so that the planner matches the partial index's own.
    pruneEnded: (before, limit, tenantId) =>
      pruneRows(database, {
        table: "automation_runs",
        where: sql`status in (${sql.join(ENDED_RUN_STATUSES.map((status) => sql.lit(status)))}) and finished_at < ${before}`,
        orderBy: sql`finished_at`,
        limit,
        tenantId,
        hanging: { tables: RUN_ROWS, column: "run_id" }
      })
  })
}

export const layer: Layer.Layer<RunRepository, never, KyselyDatabase> = Layer.effect(
  RunRepository,
  Effect.map(KyselyDatabase, make)
)
