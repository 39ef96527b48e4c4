import type { Approval } from "@servicekit/core/automations"
import { ApprovalRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, olderThan } from "../Keyset.js"
import type { AutomationApprovalsTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (approval: Approval): Insertable<AutomationApprovalsTable> => ({
  tenant_id: approval.tenantId,
  id: approval.id,
  run_id: approval.runId,
  workflow_id: approval.workflowId,
  step_index: approval.stepIndex,
  title: approval.title,
  skill_id: approval.skillId,
  input: approval.input === null ? null : JSON.stringify(approval.input),
  status: approval.status,
  note: approval.note,
  expires_at: approval.expiresAt,
  decided_at: approval.decidedAt,
  created_at: approval.createdAt,
  updated_at: approval.updatedAt
})

const toApproval = (row: Selectable<AutomationApprovalsTable>): Approval => ({
  id: row.id,
  tenantId: row.tenant_id,
  runId: row.run_id,
  workflowId: row.workflow_id,
  stepIndex: row.step_index,
  title: row.title,
  skillId: row.skill_id,
  input: row.input,
  status: row.status,
  note: row.note,
  expiresAt: row.expires_at,
  decidedAt: row.decided_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationApprovalsTable>, Approval> = {
  name: "automation_approvals",
  toRecord: toApproval
}

export const make = (database: KyselyConnection): ApprovalRepository["Type"] =>
  ApprovalRepository.of({
    // Stores the approval whole under its id, replacing what the id held, as the memory store does.
    insert: (approval) => {
      const { id: _id, tenant_id: _tenantId, ...columns } = toRow(approval)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_approvals")
            .values(toRow(approval))
            .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doUpdateSet(columns))
            .execute()
        )
      )
    },

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    // A range on automation_approvals_tenant_status_created_idx with a status, else on automation_approvals_tenant_created_idx.
    list: (tenantId, { after, limit, status }) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_approvals")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .$if(status !== undefined, (select) => select.where("status", "=", status!))
                .$if(after !== undefined, (select) => select.where(olderThan(after!)))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toApproval)
          )
        : Effect.succeed([]),

    // One update: of two decisions at once, the second waits for the first and then finds it decided.
    decide: (tenantId, id, { at, note, status }) =>
      isUuid(tenantId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .updateTable("automation_approvals")
                .set({ status, note, decided_at: at, updated_at: at })
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .where("status", "=", "pending")
                .returningAll()
                .executeTakeFirst(),
            toApproval
          )
        : Effect.succeedNone,

    cancelPending: (tenantId, runId, at) =>
      isUuid(tenantId) && isUuid(runId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("automation_approvals")
                .set({ status: "cancelled", decided_at: at, updated_at: at })
                .where("tenant_id", "=", tenantId)
                .where("run_id", "=", runId)
                .where("status", "=", "pending")
                .executeTakeFirst()
            ),
            (result) => Number(result.numUpdatedRows)
          )
        : Effect.succeed(0)
  })

export const layer: Layer.Layer<ApprovalRepository, never, KyselyDatabase> = Layer.effect(
  ApprovalRepository,
  Effect.map(KyselyDatabase, make)
)
