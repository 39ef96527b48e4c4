import { Effect, Option } from "effect"
import { type Kysely, sql } from "kysely"
import { describe, expect, it } from "vitest"
import * as Conversations from "../src/kysely/chat/Conversations.js"
import type { KyselyConnection } from "../src/kysely/Database.js"
import { migrate } from "../src/kysely/Migrations.js"
import { allMigrations } from "../src/kysely/Storage.js"

const MIGRATION = "chat/0003_inbox"
let schemas = 0

/**
 * Conversations written before the inbox kept its visitor's names and last message read back with
 * them, as the code now keeps them. `connect` answers Kysely not bound to a schema: the test
 * migrates a schema of its own.
 */
export const inboxMigrationSuite = (label: string, connect: () => Kysely<any>) =>
  describe(`${MIGRATION}, ${label}`, () => {
    it("gives every earlier conversation its visitor's names and its last message's author and first line, at most 140 characters", async () => {
      const schema = `inbox_migration_${process.pid}_${++schemas}`
      const database = { db: connect().withSchema(schema), schema } as KyselyConnection
      const migrations = allMigrations()
      const before = migrations.slice(0, migrations.findIndex((migration) => migration.name === MIGRATION))
      await Effect.runPromise(migrate(database, before))

      const tenantId = globalThis.crypto.randomUUID()
      const at = new Date("2026-07-01T09:00:00.000Z")
      await database.db
        .insertInto("tenants")
        .values({ id: tenantId, name: "Upgraded", entitlements: sql`array['chat']::text[]`, created_at: at })
        .execute()
      const visitorId = globalThis.crypto.randomUUID()
      await database.db
        .insertInto("visitors")
        .values({
          tenant_id: tenantId,
          id: visitorId,
          external_id: "customer-1042",
          display_name: "Grace",
          email: "grace@example.com",
          attributes: "{}",
          created_at: at,
          updated_at: at
        })
        .execute()
      const conversation = (id: string, messageCount: number) => ({
        tenant_id: tenantId,
        id,
        visitor_id: messageCount === 2 ? visitorId : null,
        name: null,
        status: "open",
        priority: "normal",
        source: "api",
        assignee_id: null,
        message_count: messageCount,
        last_message_at: messageCount === 0 ? null : at,
        created_at: at,
        updated_at: at
      })
      const written = globalThis.crypto.randomUUID()
      const long = globalThis.crypto.randomUUID()
      const empty = globalThis.crypto.randomUUID()
      await database.db
        .insertInto("conversations")
        .values([conversation(written, 2), conversation(long, 1), conversation(empty, 0)])
        .execute()
      const message = (sequence: number, authorType: string, content: string, conversationId = written) => ({
        tenant_id: tenantId,
        id: globalThis.crypto.randomUUID(),
        conversation_id: conversationId,
        sequence,
        author_type: authorType,
        author_id: null,
        content,
        created_at: at
      })
      await database.db
        .insertInto("chat_messages")
        .values([
          message(1, "visitor", "Hello?"),
          message(2, "agent", "\n \t\n  Your   parcel\tleft today.  \nTracking: 1042"),
          message(1, "visitor", `  ${"é".repeat(200)}\nand more`, long)
        ])
        .execute()

      await Effect.runPromise(migrate(database, migrations))
      const repository = Conversations.make(database)
      const read = (id: string) => Effect.runPromise(Effect.map(repository.find(tenantId, id), Option.getOrThrow))
      expect(await read(written)).toMatchObject({
        visitor: { id: visitorId, externalId: "customer-1042", displayName: "Grace", email: "grace@example.com" },
        lastMessage: { authorType: "agent", preview: "Your parcel left today." }
      })
      expect(await read(long)).toMatchObject({ visitor: null, lastMessage: { authorType: "visitor", preview: "é".repeat(140) } })
      expect(await read(empty)).toMatchObject({ visitor: null, lastMessage: null })
    })
  })
