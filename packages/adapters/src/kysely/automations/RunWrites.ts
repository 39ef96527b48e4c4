// The statements that write runs: each writes a run's row and the step results it changes in one statement.
import type { Run } from "@servicekit/core/automations"
import type { WorkerIdentity } from "@servicekit/core"
import { MAX_TAKEOVERS, type RunUpdate } from "@servicekit/core/internal"
import { type Kysely, sql } from "kysely"
import { type RunRow, runColumns, runRecord, toRun } from "./RunRows.js"
import { recordsOf, removesResults, resultsColumn, writeWithResults } from "./StepResultRows.js"

/** A run's row with its results gathered (`RunRow`), the row aliased `runs`. */
export const runWithResults = (schema: string) => sql<RunRow>`runs.*, ${resultsColumn(schema)} as results`

/**
 * Stores runs whole under their ids, results included, replacing what an id held (its results
 * too). With `keyHeld: "skip"` a run whose idempotency key another run of its tenant holds is left
 * out; otherwise storing it fails the statement (the unique violation insert reports as a defect).
 * Only a run that replaced one removes stored results: an upsert's new row version carries the
 * updating transaction in `xmax`, an inserted row none, so new runs (every start) read no results.
 */
export const insertRuns = (schema: string, runs: ReadonlyArray<Run>, keyHeld: "fail" | "skip" = "fail") =>
  writeWithResults(
    schema,
    sql`
      insert into ${sql.id(schema, "automation_runs")} (${runColumns.names})
      select ${runColumns.names} from jsonb_to_recordset(${JSON.stringify(runs.map(runRecord))}::jsonb)
        as r(${runColumns.declared})
      ${
        keyHeld === "skip"
          ? sql`on conflict (tenant_id, idempotency_key) do nothing`
          : sql`on conflict (tenant_id, id) do update set ${runColumns.replaced}`
      }
      returning tenant_id, id, null::integer[] as steps, xmax <> 0 as removes`,
    runs.flatMap((run) => recordsOf(run, undefined)),
    true
  )

/** A concurrent writer released the key between our insert's conflict and our read: tries again, a few times. */
const KEYED_TRIES = 3

/**
 * insertKeyed's statements, in one transaction. Under read committed each statement sees what
 * committed before it began: an insert that conflicts with a run still being inserted waits for
 * that unit of work, and the read after it finds the holder. Answers the run holding the key:
 * `run` when it was stored, else the holder.
 */
export const insertKeyed = async (
  db: Kysely<any>,
  schema: string,
  run: Run,
  keptSince: Date
): Promise<Run> => {
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
    if ((await insertRuns(schema, [run], "skip").execute(db)).rows.length > 0) return run
    const holder = await sql<RunRow>`
      select ${runWithResults(schema)} from ${sql.id(schema, "automation_runs")} as runs
      where tenant_id = ${run.tenantId} and idempotency_key = ${run.idempotencyKey}`.execute(db)
    if (holder.rows[0] !== undefined) return toRun(holder.rows[0])
  }
  throw new Error(`idempotency key of run ${run.id} changed hands ${KEYED_TRIES} times while inserting`)
}

/**
 * updateMany's statement: the updates as one JSON record set, each run written if its stored
 * status is among its `from` (and its lease the one it names), with the results of its `steps`;
 * answers the runs written. Of two writers, the second waits for the first's row lock, then
 * checks its own conditions against what the first wrote.
 */
export const updateRuns = (schema: string, updates: ReadonlyArray<RunUpdate>) => {
  const json = JSON.stringify(
    updates.map(({ from, leaseUntil, run, steps }) => ({
      tenant_id: run.tenantId,
      id: run.id,
      status: run.status,
      attempt: run.attempt,
      reason: run.reason,
      expires_at: run.expiresAt,
      lease_until: run.leaseUntil,
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      updated_at: run.updatedAt,
      from_statuses: from.join(","),
      check_lease: leaseUntil !== undefined,
      held_lease: leaseUntil ?? null,
      steps: steps ?? null,
      removes: removesResults(run, steps)
    }))
  )
  const written = sql`
    update ${sql.id(schema, "automation_runs")} as r
    set status = u.status, attempt = u.attempt, reason = u.reason, expires_at = u.expires_at,
      lease_until = u.lease_until, started_at = u.started_at, finished_at = u.finished_at,
      updated_at = u.updated_at
    from jsonb_to_recordset(${json}::jsonb) as u(
      tenant_id uuid, id uuid, status text, attempt integer, reason text, expires_at timestamptz,
      lease_until timestamptz, started_at timestamptz, finished_at timestamptz, updated_at timestamptz,
      from_statuses text, check_lease boolean, held_lease timestamptz, steps integer[], removes boolean
    )
    where r.tenant_id = u.tenant_id and r.id = u.id and r.status = any(string_to_array(u.from_statuses, ','))
      and (not u.check_lease or r.lease_until is not distinct from u.held_lease)
    returning r.tenant_id, r.id, u.steps, u.removes`
  // A write that names no step changes no result: the run's row alone.
  const touchesResults = updates.some(({ steps }) => steps === undefined || steps.length > 0)
  return touchesResults
    ? writeWithResults(
        schema,
        written,
        updates.flatMap(({ run, steps }) => recordsOf(run, steps)),
        updates.some(({ run, steps }) => removesResults(run, steps))
      )
    : sql<{ readonly tenant_id: string; readonly id: string }>`${written}`
}

/**
 * claimMany's statement, the keys passed as one JSON array: of two workers claiming a run at
 * once, the second waits for the first and then finds it leased. A running run taken adds a
 * takeover (RunRepositories' takeoverOf), made of its columns as they were and its running step;
 * at MAX_TAKEOVERS the oldest goes. Answers the runs taken, their results with them.
 */
export const claimRuns = (schema: string, keys: string, at: Date, leaseUntil: Date, worker: WorkerIdentity) => sql<RunRow>`
  update ${sql.id(schema, "automation_runs")} as runs
  set status = 'running', lease_until = ${leaseUntil}, started_at = coalesce(runs.started_at, ${at}),
    updated_at = ${at}, held_by = ${JSON.stringify(worker)}::jsonb,
    takeovers = case when runs.status = 'running' then (case when jsonb_array_length(runs.takeovers) >= ${MAX_TAKEOVERS}
      then runs.takeovers - 0 else runs.takeovers end) || jsonb_build_array(jsonb_build_object(
      'at', ${at.toISOString()}::text,
      'stepIndex', (select min(s.step_index) from ${sql.id(schema, "automation_step_results")} as s
        where s.tenant_id = runs.tenant_id and s.run_id = runs.id and s.status = 'running'),
      'from', runs.held_by,
      'to', ${JSON.stringify(worker)}::jsonb,
      'leaseExpiredAt', to_jsonb(runs.lease_until)
    )) else runs.takeovers end
  from jsonb_to_recordset(${keys}::jsonb) as k(tenant_id uuid, id uuid)
  where runs.tenant_id = k.tenant_id and runs.id = k.id
    and (runs.status = 'queued' or (runs.status = 'running' and (runs.lease_until is null or runs.lease_until < ${at})))
  returning ${runWithResults(schema)}`
