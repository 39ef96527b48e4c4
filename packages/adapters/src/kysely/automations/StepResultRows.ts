// A run's step results as automation_step_results stores them (a row per step), and back.
import type { Run, StepResult } from "@servicekit/core/automations"
import { type RawBuilder, sql } from "kysely"
import { recordSetColumns } from "../RecordSet.js"
import type { StoredStepResult } from "./Tables.js"

/** The table's columns and their types, in the order a JSON record set of results declares them. */
const COLUMNS = [
  ["tenant_id", "uuid"],
  ["run_id", "uuid"],
  ["step_index", "integer"],
  ["type", "text"],
  ["name", "text"],
  ["status", "text"],
  ["output", "jsonb"],
  ["output_text", "text"],
  ["error", "text"],
  ["attempt", "integer"],
  ["approved", "boolean"],
  ["worker", "jsonb"],
  ["started_at", "timestamptz"],
  ["finished_at", "timestamptz"]
] as const

const { names, declared, replaced: updated } = recordSetColumns(COLUMNS, 3)

/** One result as a record of the JSON record set a write passes (dates become ISO strings). */
const recordOf = (run: Run, result: StepResult) => ({
  tenant_id: run.tenantId,
  run_id: run.id,
  step_index: result.index,
  type: result.type,
  name: result.name,
  status: result.status,
  output: result.output ?? null,
  output_text: result.outputText,
  error: result.error,
  attempt: result.attempt,
  approved: result.approved,
  worker: result.worker,
  started_at: result.startedAt,
  finished_at: result.finishedAt
})

/**
 * Whether a write of `run` naming `steps` may remove a stored result: it names no steps (so the
 * run's results replace the stored ones), or a step the run has no result at.
 */
export const removesResults = (run: Run, steps: ReadonlyArray<number> | undefined) =>
  steps === undefined || steps.some((index) => !run.results.some((result) => result.index === index))

/** The results a write of `run` stores: those of `steps`, or all of them when undefined. */
export const recordsOf = (run: Run, steps: ReadonlyArray<number> | undefined) =>
  (steps === undefined ? run.results : run.results.filter((result) => steps.includes(result.index))).map((result) =>
    recordOf(run, result)
  )

/**
 * A run's results as one JSON array in step order, as `results` of the run's row (its alias
 * `runs`): the shape `toResult` reads. A run without results has an empty array.
 */
export const resultsColumn = (schema: string): RawBuilder<ReadonlyArray<StoredStepResult>> => sql`coalesce((
  select jsonb_agg(jsonb_build_object(
    'index', s.step_index, 'type', s.type, 'name', s.name, 'status', s.status, 'output', s.output,
    'outputText', s.output_text, 'error', s.error, 'attempt', s.attempt, 'approved', s.approved,
    'worker', s.worker, 'startedAt', s.started_at, 'finishedAt', s.finished_at
  ) order by s.step_index)
  from ${sql.id(schema, "automation_step_results")} as s
  where s.tenant_id = runs.tenant_id and s.run_id = runs.id
), '[]'::jsonb)`

export const toResult = (stored: StoredStepResult): StepResult => ({
  ...stored,
  startedAt: new Date(stored.startedAt),
  finishedAt: stored.finishedAt === null ? null : new Date(stored.finishedAt)
})

/**
 * One statement that writes runs and their results. `written` is a data-modifying statement
 * answering the runs it wrote as (tenant_id, id, steps, removes): `steps` the indexes whose
 * results it writes (null for all), `removes` whether a stored result of those indexes that
 * `records` lacks is removed. For each run written, the results in `records` are stored over the
 * stored ones; a run not written (its conditions failed) keeps its results as they were. Without
 * `mayRemove`, no run written removes any. Answers the runs written.
 */
export const writeWithResults = (
  schema: string,
  written: RawBuilder<unknown>,
  records: ReadonlyArray<ReturnType<typeof recordOf>>,
  mayRemove: boolean
): RawBuilder<{ readonly tenant_id: string; readonly id: string }> => {
  const table = sql.id(schema, "automation_step_results")
  // The first condition holds for the whole statement (a one-time filter): when no run written
  // removes, the stored results are not read at all, whatever plan the join would have.
  const removed = sql`,
    removed as (
      delete from ${table} as old using written as w
      where (select bool_or(removing.removes) from written as removing)
        and w.removes and old.tenant_id = w.tenant_id and old.run_id = w.id
        and (w.steps is null or old.step_index = any(w.steps))
        and not exists (select from results as s
          where s.tenant_id = old.tenant_id and s.run_id = old.run_id and s.step_index = old.step_index)
    )`
  return sql`
    with written as (${written}),
    results as (select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as s(${declared}))${
      mayRemove ? removed : sql``
    },
    stored as (
      insert into ${table} (${names})
      select ${sql.raw(COLUMNS.map(([name]) => `s.${name}`).join(", "))}
      from results as s join written as w on w.tenant_id = s.tenant_id and w.id = s.run_id
      on conflict (tenant_id, run_id, step_index) do update set ${updated}
    )
    select tenant_id, id from written`
}
