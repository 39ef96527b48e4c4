import type { CannedResponse } from "@servicekit/core/chat"
import { CannedResponseRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { query, write } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { countInTenant, findInTenant, removeInTenant } from "../Keyset.js"
import type { ChatCannedResponsesTable, ChatTables } from "./Tables.js"

type Db = Kysely<ChatTables>

const toResponse = (row: Selectable<ChatCannedResponsesTable>): CannedResponse => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  shortcut: row.shortcut,
  content: row.content,
  files: row.files,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table = { name: "chat_canned_responses", toRecord: toResponse }

export const make = (database: KyselyConnection): CannedResponseRepository["Type"] =>
  CannedResponseRepository.of({
    // Under its id, new or replacing; another's shortcut breaks chat_canned_responses_tenant_shortcut_key.
    save: (response) =>
      Effect.asVoid(
        write(database, (db: Db) =>
          db
            .insertInto("chat_canned_responses")
            .values({
              tenant_id: response.tenantId,
              id: response.id,
              name: response.name,
              shortcut: response.shortcut,
              content: response.content,
              files: JSON.stringify(response.files),
              created_at: response.createdAt,
              updated_at: response.updatedAt
            })
            .onConflict((conflict) =>
              conflict.columns(["tenant_id", "id"]).doUpdateSet((eb) => ({
                name: eb.ref("excluded.name"),
                shortcut: eb.ref("excluded.shortcut"),
                content: eb.ref("excluded.content"),
                files: eb.ref("excluded.files"),
                updated_at: eb.ref("excluded.updated_at")
              }))
            )
            .execute()
        )
      ),

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    list: (tenantId, limit) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("chat_canned_responses")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .orderBy(sql`shortcut collate "C"`)
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toResponse)
          )
        : Effect.succeed([]),

    count: (tenantId) => countInTenant(database, "chat_canned_responses", tenantId),

    remove: (tenantId, id) => removeInTenant(database, "chat_canned_responses", tenantId, id)
  })

export const layer: Layer.Layer<CannedResponseRepository, never, KyselyDatabase> = Layer.effect(
  CannedResponseRepository,
  Effect.map(KyselyDatabase, make)
)
