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

export interface EventOutboxTable {
  /** bigserial: pg returns it as text. */
  readonly sequence: Generated<string | number>
  readonly id: string
  readonly tenant_id: string
  readonly aggregate: string
  readonly type: string
  readonly payload: ColumnType<Record<string, unknown>, string, never>
  readonly occurred_at: Date
  readonly dispatched_at: Date | null
}

export interface SchedulesTable {
  readonly id: string
  readonly tenant_id: string
  readonly spec: ColumnType<{ everySeconds?: number; cron?: string; at?: string }, string, string>
  readonly queue: ColumnType<{ name: string; maxAttempts: number; backoffMs: number; leaseMs: number }, string, string>
  readonly payload: ColumnType<Record<string, unknown>, string, string>
  readonly next_due_at: Date | null
}

export interface JobsTables {
  readonly schedules: SchedulesTable
  readonly schedule_firings: { readonly schedule_id: string; readonly due_at: Date; readonly fired_at: Generated<Date> }
  readonly job_outbox: JobOutboxTable
  readonly event_outbox: EventOutboxTable
  readonly event_dispatcher: { readonly id: number }
}
