import type { Sequence } from "@servicekit/core/automations"
import { SequenceRepository } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, pageInTenant, removeInTenant } from "../Keyset.js"
import type { AutomationSequencesTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (sequence: Sequence): Insertable<AutomationSequencesTable> => ({
  tenant_id: sequence.tenantId,
  id: sequence.id,
  name: sequence.name,
  steps: JSON.stringify(sequence.steps),
  workflow_id: sequence.workflowId,
  revision: sequence.revision,
  created_at: sequence.createdAt,
  updated_at: sequence.updatedAt
})

const toSequence = (row: Selectable<AutomationSequencesTable>): Sequence => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  steps: row.steps,
  workflowId: row.workflow_id,
  revision: row.revision,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationSequencesTable>, Sequence> = {
  name: "automation_sequences",
  toRecord: toSequence
}

export const make = (database: KyselyConnection): SequenceRepository["Type"] =>
  SequenceRepository.of({
    find: (tenantId, id) => findInTenant(database, table, tenantId, id),
    list: (tenantId, page) => pageInTenant(database, table, tenantId, page),
    save: (sequence) => {
      const { id: _id, tenant_id: _tenantId, ...columns } = toRow(sequence)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_sequences")
            .values(toRow(sequence))
            .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doUpdateSet(columns))
            .execute()
        )
      )
    },
    remove: (tenantId, id) => removeInTenant(database, "automation_sequences", tenantId, id)
  })

export const layer: Layer.Layer<SequenceRepository, never, KyselyDatabase> = Layer.effect(
  SequenceRepository,
  Effect.map(KyselyDatabase, make)
)
