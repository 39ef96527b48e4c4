import type { VisitorToken } from "@servicekit/core/chat"
import { VisitorTokenRepository } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { pruneRows } from "../RetentionBatch.js"
import type { ChatTables, VisitorTokensTable } from "./Tables.js"

type Db = Kysely<ChatTables>

const toRow = (token: VisitorToken): Insertable<VisitorTokensTable> => ({
  digest: token.digest,
  tenant_id: token.tenantId,
  visitor_id: token.visitorId,
  conversation_id: token.conversationId,
  expires_at: token.expiresAt,
  created_at: token.createdAt
})

const toToken = (row: Selectable<VisitorTokensTable>): VisitorToken => ({
  digest: row.digest,
  tenantId: row.tenant_id,
  visitorId: row.visitor_id,
  conversationId: row.conversation_id,
  expiresAt: row.expires_at,
  createdAt: row.created_at
})

export const make = (database: KyselyConnection): VisitorTokenRepository["Type"] =>
  VisitorTokenRepository.of({
    // The digest names the token: storing one again replaces it, as the memory store does.
    insert: (token) => {
      const { digest: _digest, ...columns } = toRow(token)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("visitor_tokens")
            .values(toRow(token))
            .onConflict((conflict) => conflict.column("digest").doUpdateSet(columns))
            .execute()
        )
      )
    },

    find: (digest) =>
      findOne(
        database,
        (db: Db) => db.selectFrom("visitor_tokens").selectAll().where("digest", "=", digest).executeTakeFirst(),
        toToken
      ),

    // A range of visitor_tokens_expiry_idx (visitor_tokens_tenant_expiry_idx for one tenant).
    pruneExpired: (before, limit, tenantId) =>
      pruneRows(database, {
        table: "visitor_tokens",
        key: "digest",
        where: sql`expires_at < ${before}`,
        orderBy: sql`expires_at`,
        limit,
        tenantId
      })
  })

export const layer: Layer.Layer<VisitorTokenRepository, never, KyselyDatabase> = Layer.effect(
  VisitorTokenRepository,
  Effect.map(KyselyDatabase, make)
)
