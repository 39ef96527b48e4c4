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
      updated_at = u.updated_at, parked_at = case when u.status = 'queued' then r.parked_at end
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
 * claimMany's statement, the keys passed as one JSON array and each tenant's cap on its running
 * runs as another: of two workers claiming a run at once, the second waits for the first and then
 * finds it leased. A queued run that would go past its tenant's cap or its concurrency key's limit
 * (counting the claim's queued runs oldest first after those running, as RunCaps' refusedByCaps
 * does) is parked instead: parked_at set, its lease cleared. A running run taken adds a takeover
 * (RunRepositories' takeoverOf), made of its columns as they were and its running step; at
 * MAX_TAKEOVERS the oldest goes. Answers the runs taken, their results with them. The counts are
 * those the statement starts with: claimLocks serializes the claims that could change them.
 */
export const claimRuns = (
  schema: string,
  keys: string,
  caps: string,
  at: Date,
  leaseUntil: Date,
  worker: WorkerIdentity
) => {
  const runs = sql.id(schema, "automation_runs")
  return sql<RunRow>`
  with k as (select distinct * from jsonb_to_recordset(${keys}::jsonb) as k(tenant_id uuid, id uuid)),
  caps as (select * from jsonb_to_recordset(${caps}::jsonb) as c(tenant_id uuid, cap integer)),
  queued as (
    select q.tenant_id, q.id, q.workflow_id, q.concurrency_key, q.concurrency_limit, coalesce(caps.cap, 0) as cap,
      row_number() over (partition by q.tenant_id order by q.created_at, q.id) as tenant_rank,
      row_number() over (partition by q.tenant_id, q.workflow_id, q.concurrency_key order by q.created_at, q.id) as key_rank
    from ${runs} as q
    join k on q.tenant_id = k.tenant_id and q.id = k.id
    left join caps on caps.tenant_id = q.tenant_id
    where q.status = 'queued'
  ),
  running_by_tenant as (
    select r.tenant_id, count(*) as running from ${runs} as r
    where r.status = 'running' and r.tenant_id in (select tenant_id from queued where cap > 0)
    group by r.tenant_id
  ),
  running_by_key as (
    select r.tenant_id, r.workflow_id, r.concurrency_key, count(*) as running from ${runs} as r
    where r.status = 'running' and r.concurrency_key is not null
      and r.tenant_id in (select tenant_id from queued where concurrency_key is not null)
    group by r.tenant_id, r.workflow_id, r.concurrency_key
  ),
  refused as (
    select q.tenant_id, q.id from queued as q
    left join running_by_tenant as t on t.tenant_id = q.tenant_id
    left join running_by_key as rk
      on rk.tenant_id = q.tenant_id and rk.workflow_id = q.workflow_id and rk.concurrency_key = q.concurrency_key
    where (q.cap > 0 and coalesce(t.running, 0) + q.tenant_rank > q.cap)
      or (q.concurrency_key is not null and coalesce(rk.running, 0) + q.key_rank > q.concurrency_limit)
  ),
  parked as (
    update ${runs} as p set parked_at = ${at}, lease_until = null
    from refused where p.tenant_id = refused.tenant_id and p.id = refused.id
    returning p.id
  )
  update ${runs} as runs
  set status = 'running', lease_until = ${leaseUntil}, started_at = coalesce(runs.started_at, ${at}),
    updated_at = ${at}, held_by = ${JSON.stringify(worker)}::jsonb, parked_at = null,
    takeovers = case when runs.status = 'running' then (case when jsonb_array_length(runs.takeovers) >= ${MAX_TAKEOVERS}
      then runs.takeovers - 0 else runs.takeovers end) || jsonb_build_array(jsonb_build_object(
      'at', ${at.toISOString()}::text,
      'stepIndex', (select min(s.step_index) from ${sql.id(schema, "automation_step_results")} as s
        where s.tenant_id = runs.tenant_id and s.run_id = runs.id and s.status = 'running'),
      'from', runs.held_by,
      'to', ${JSON.stringify(worker)}::jsonb,
      'leaseExpiredAt', to_jsonb(runs.lease_until)
    )) else runs.takeovers end
  from k
  where runs.tenant_id = k.tenant_id and runs.id = k.id
    and (runs.status = 'queued' or (runs.status = 'running' and (runs.lease_until is null or runs.lease_until < ${at})))
    and not exists (select 1 from refused where refused.tenant_id = runs.tenant_id and refused.id = runs.id)
  returning ${runWithResults(schema)}`
}

/**
 * Serializes, until the transaction ends, the claims of runs of these tenants (the keys' JSON
 * array) with those of every other process: one advisory lock per tenant, taken in one order so
 * that two claims never wait for each other's.
 */
export const claimLocks = (keys: string) => sql`
  select pg_advisory_xact_lock(${CLAIM_LOCKS}, h) from (
    select distinct hashtext(tenant_id::text) as h from jsonb_to_recordset(${keys}::jsonb) as k(tenant_id uuid)
    order by h
  ) as tenants`

/** The first half of the claims' advisory lock keys: ServiceKit's run claims ("SKRC"). */
const CLAIM_LOCKS = 0x534b5243

/** A parked run (`p`) whose concurrency key, if it has one, has room. */
const parkedWithRoom = (runs: ReturnType<typeof sql.id>) => sql`
  p.parked_at is not null and p.status = 'queued'
  and (p.concurrency_key is null or (
    select count(*) from ${runs} as r
    where r.tenant_id = p.tenant_id and r.status = 'running'
      and r.workflow_id = p.workflow_id and r.concurrency_key = p.concurrency_key
  ) < p.concurrency_limit)`

/**
 * wakeParked's statement (see RunCaps.ts): for each tenant of the JSON array of tenant ids, as many
 * of its parked runs as it is named, oldest first, each a range of automation_runs_tenant_parked_idx.
 * Two wakers never take the same run.
 */
export const wakeTenantsRuns = (schema: string, tenants: string) => {
  const runs = sql.id(schema, "automation_runs")
  return sql<RunRow>`
  update ${runs} as runs set parked_at = null
  from (select tenant_id, count(*) as wanted from jsonb_array_elements_text(${tenants}::jsonb) as t(tenant_id) group by tenant_id) as w
  cross join lateral (
    select p.tenant_id, p.id from ${runs} as p
    where p.tenant_id = w.tenant_id::uuid and ${parkedWithRoom(runs)}
    order by p.created_at, p.id
    limit w.wanted
    for update skip locked
  ) as woken
  where runs.tenant_id = woken.tenant_id and runs.id = woken.id
  returning ${runWithResults(schema)}`
}

/** wakeLongParked's statement: at most `limit` runs parked before `before`, the longest parked first. */
export const wakeLongParkedRuns = (schema: string, before: Date, limit: number) => {
  const runs = sql.id(schema, "automation_runs")
  return sql<RunRow>`
  update ${runs} as runs set parked_at = null
  from (
    select p.tenant_id, p.id from ${runs} as p
    where p.parked_at < ${before} and ${parkedWithRoom(runs)}
    order by p.parked_at, p.id
    limit ${limit}
    for update skip locked
  ) as woken
  where runs.tenant_id = woken.tenant_id and runs.id = woken.id
  returning ${runWithResults(schema)}`
}
