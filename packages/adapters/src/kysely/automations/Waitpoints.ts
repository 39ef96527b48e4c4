import type { Waitpoint } from "@servicekit/core/automations"
import { WaitpointRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant } from "../Keyset.js"
import type { AutomationWaitpointsTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toWaitpoint = (row: Selectable<AutomationWaitpointsTable>): Waitpoint => ({
  id: row.id,
  tenantId: row.tenant_id,
  runId: row.run_id,
  stepIndex: row.step_index,
  kind: row.kind,
  status: row.status,
  resourceId: row.resource_id,
  dueAt: row.due_at,
  createdAt: row.created_at,
  completedAt: row.completed_at
})

const table: TenantTable<Selectable<AutomationWaitpointsTable>, Waitpoint> = {
  name: "automation_waitpoints",
  toRecord: toWaitpoint
}

export const make = (database: KyselyConnection): WaitpointRepository["Type"] =>
  WaitpointRepository.of({
    insert: (waitpoint) =>
      Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_waitpoints")
            .values({
              tenant_id: waitpoint.tenantId,
              id: waitpoint.id,
              run_id: waitpoint.runId,
              step_index: waitpoint.stepIndex,
              kind: waitpoint.kind,
              status: waitpoint.status,
              resource_id: waitpoint.resourceId,
              due_at: waitpoint.dueAt,
              created_at: waitpoint.createdAt,
              completed_at: waitpoint.completedAt
            })
            .execute()
        )
      ),

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    // A range on the partial index automation_waitpoints_run_idx.
    waiting: (tenantId, runId) =>
      isUuid(tenantId) && isUuid(runId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_waitpoints")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("run_id", "=", runId)
                .where("status", "=", "waiting")
                .orderBy("created_at")
                .orderBy("id")
                .execute()
            ),
            (rows) => rows.map(toWaitpoint)
          )
        : Effect.succeed([]),

    // One update: of two closes at once, the second waits for the first and then finds it closed.
    close: (tenantId, id, status, at) =>
      isUuid(tenantId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .updateTable("automation_waitpoints")
                .set({ status, completed_at: at })
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .where("status", "=", "waiting")
                .returningAll()
                .executeTakeFirst(),
            toWaitpoint
          )
        : Effect.succeedNone,

    cancelAll: (tenantId, runId, at) =>
      isUuid(tenantId) && isUuid(runId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("automation_waitpoints")
                .set({ status: "cancelled", completed_at: at })
                .where("tenant_id", "=", tenantId)
                .where("run_id", "=", runId)
                .where("status", "=", "waiting")
                .returningAll()
                .execute()
            ),
            (rows) => rows.map(toWaitpoint)
          )
        : Effect.succeed([]),

    // Across tenants, by design: a range on the partial index automation_waitpoints_due_idx.
    overdue: (at, limit) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .selectFrom("automation_waitpoints")
            .selectAll()
            .where("status", "=", "waiting")
            .where("due_at", "<=", at)
            .orderBy("due_at")
            .orderBy("id")
            .limit(limit)
            .execute()
        ),
        (rows) => rows.map(toWaitpoint)
      )
  })

export const layer: Layer.Layer<WaitpointRepository, never, KyselyDatabase> = Layer.effect(
  WaitpointRepository,
  Effect.map(KyselyDatabase, make)
)
