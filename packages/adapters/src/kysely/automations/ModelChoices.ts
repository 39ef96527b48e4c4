import { type ModelChoice, ModelChoiceRepository, isUuid } from "@servicekit/core"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { AutomationModelChoicesTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

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
  ModelChoiceRepository.of({
    find: (tenantId) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("automation_model_choices")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .executeTakeFirst(),
            toChoice
          )
        : Effect.succeedNone,

    // One statement: of two writers, the second waits for the first's row and then replaces it.
    save: (choice) => {
      const { tenant_id: _tenantId, ...columns } = toRow(choice)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_model_choices")
            .values(toRow(choice))
            .onConflict((conflict) => conflict.column("tenant_id").doUpdateSet(columns))
            .execute()
        )
      )
    }
  })

export const layer: Layer.Layer<ModelChoiceRepository, never, KyselyDatabase> = Layer.effect(
  ModelChoiceRepository,
  Effect.map(KyselyDatabase, make)
)
