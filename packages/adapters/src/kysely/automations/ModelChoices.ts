import type { ModelChoice } from "@servicekit/core/automations"
import { ModelChoiceRepository } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Selectable } from "kysely"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { tenantRow } from "../TenantRow.js"
import type { AutomationModelChoicesTable } from "./Tables.js"

const toRow = (choice: ModelChoice): Insertable<AutomationModelChoicesTable> => ({
  tenant_id: choice.tenantId,
  primary_label: choice.primary,
  failover: JSON.stringify(choice.failover),
  updated_at: choice.updatedAt
})

const toChoice = (row: Selectable<AutomationModelChoicesTable>): ModelChoice => ({
  tenantId: row.tenant_id,
  primary: row.primary_label,
  failover: row.failover,
  updatedAt: row.updated_at
})

export const make = (database: KyselyConnection): ModelChoiceRepository["Type"] =>
  ModelChoiceRepository.of(tenantRow(database, "automation_model_choices", toRow, toChoice))

export const layer: Layer.Layer<ModelChoiceRepository, never, KyselyDatabase> = Layer.effect(
  ModelChoiceRepository,
  Effect.map(KyselyDatabase, make)
)
