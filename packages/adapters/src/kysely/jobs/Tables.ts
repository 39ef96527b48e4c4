import type { ColumnType, Generated } from "kysely"

/** A job waiting to be handed to the job engine (see migrations/0003_jobs.ts). */
export interface JobOutboxTable {
  readonly id: Generated<string>
  /** The queue's definition (name, attempts, backoff and lease in milliseconds), as JSON text on insert. */
  readonly queue: ColumnType<{ name: string; maxAttempts: number; backoffMs: number; leaseMs: number }, string, never>
  readonly payload: ColumnType<Record<string, unknown>, string, never>
  readonly key: string | null
  readonly run_at: Date | null
  readonly created_at: Generated<Date>
}

export interface JobsTables {
  readonly job_outbox: JobOutboxTable
}
