import type { Visitor } from "@servicekit/core/chat"
import { VisitorRepository, type VisitorUpsert, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Kysely, type QueryCreator, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, pageInTenant } from "../Keyset.js"
import type { ChatTables, VisitorsTable } from "./Tables.js"

type Db = Kysely<ChatTables>

const toVisitor = (row: Selectable<VisitorsTable>): Visitor => ({
  id: row.id,
  tenantId: row.tenant_id,
  externalId: row.external_id,
  displayName: row.display_name,
  email: row.email,
  attributes: row.attributes,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<VisitorsTable>, Visitor> = { name: "visitors", toRecord: toVisitor }

/** Inserts the visitor, or changes the stored one of its externalId (a null field keeps what is stored). */
const upsertVisitor = (db: QueryCreator<ChatTables>, input: VisitorUpsert, attributes: string | null) =>
  db
    .insertInto("visitors")
    .values({
      tenant_id: input.tenantId,
      id: input.id,
      external_id: input.externalId,
      display_name: input.displayName,
      email: input.email,
      attributes: attributes ?? "{}",
      created_at: input.at,
      updated_at: input.at
    })
    .onConflict((conflict) =>
      conflict.columns(["tenant_id", "external_id"]).doUpdateSet({
        display_name: sql`coalesce(excluded.display_name, visitors.display_name)`,
        email: sql`coalesce(excluded.email, visitors.email)`,
        attributes: sql`coalesce(${attributes}::jsonb, visitors.attributes)`,
        updated_at: input.at
      })
    )
    .returningAll()

export const make = (database: KyselyConnection): VisitorRepository["Type"] =>
  VisitorRepository.of({
    // One statement, so two first requests for one externalId end with one visitor, and the
    // visitor's conversations take its names in the order the visitor's row took them.
    upsert: (input) => {
      const attributes = input.attributes === null ? null : JSON.stringify(input.attributes)
      return Effect.map(
        query(database, (db: Db) =>
          db
            .with("upserted", (db) => upsertVisitor(db, input, attributes))
            .with("named", (db) =>
              db
                .updateTable("conversations")
                .from("upserted")
                .set({
                  visitor_external_id: sql.ref("upserted.external_id"),
                  visitor_display_name: sql.ref("upserted.display_name"),
                  visitor_email: sql.ref("upserted.email")
                })
                .whereRef("conversations.tenant_id", "=", "upserted.tenant_id")
                .whereRef("conversations.visitor_id", "=", "upserted.id")
                .where((eb) =>
                  eb.or([
                    eb("conversations.visitor_external_id", "is distinct from", eb.ref("upserted.external_id")),
                    eb("conversations.visitor_display_name", "is distinct from", eb.ref("upserted.display_name")),
                    eb("conversations.visitor_email", "is distinct from", eb.ref("upserted.email"))
                  ])
                )
            )
            .selectFrom("upserted")
            .selectAll()
            .executeTakeFirstOrThrow()
        ),
        toVisitor
      )
    },

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    findByExternalId: (tenantId, externalId) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("visitors")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("external_id", "=", externalId)
                .executeTakeFirst(),
            toVisitor
          )
        : Effect.succeedNone,

    list: (tenantId, page) => pageInTenant(database, table, tenantId, page)
  })

export const layer: Layer.Layer<VisitorRepository, never, KyselyDatabase> = Layer.effect(
  VisitorRepository,
  Effect.map(KyselyDatabase, make)
)
