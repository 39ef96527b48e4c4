import type { Direction } from "@servicekit/core/calling"
import { type CallInProgress, CallsInProgress } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { CallingTables, CallsInProgressTable } from "./Tables.js"

type Db = Kysely<CallingTables>

const toCall = (row: Selectable<CallsInProgressTable>): CallInProgress => ({
  tenantId: row.tenant_id,
  id: row.id,
  callId: row.call_id,
  direction: row.direction as Direction,
  fromId: row.from_id,
  toId: row.to_id,
  startedAt: row.started_at,
  answeredAt: row.answered_at,
  seenAt: row.seen_at
})

export const make = (database: KyselyConnection): CallsInProgress["Type"] =>
  CallsInProgress.of({
    begin: (call) =>
      Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("calls_in_progress")
            .values({
              tenant_id: call.tenantId,
              id: call.id,
              call_id: call.callId,
              direction: call.direction,
              from_id: call.fromId,
              to_id: call.toId,
              started_at: call.startedAt,
              answered_at: call.answeredAt,
              seen_at: call.seenAt
            })
            .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doNothing())
            .execute()
        )
      ),
    answered: (tenantId, id, at) =>
      Effect.asVoid(
        query(database, (db: Db) =>
          db
            .updateTable("calls_in_progress")
            .set((eb) => ({ answered_at: eb.fn.coalesce("answered_at", eb.val(at)), seen_at: at }))
            .where("tenant_id", "=", tenantId)
            .where("id", "=", id)
            .execute()
        )
      ),
    seen: (tenantId, ids, at) =>
      ids.length === 0
        ? Effect.void
        : Effect.asVoid(
            query(database, (db: Db) =>
              db
                .updateTable("calls_in_progress")
                .set({ seen_at: at })
                .where("tenant_id", "=", tenantId)
                .where("id", "in", ids)
                .execute()
            )
          ),
    end: (tenantId, id) =>
      Effect.asVoid(
        query(database, (db: Db) =>
          db.deleteFrom("calls_in_progress").where("tenant_id", "=", tenantId).where("id", "=", id).execute()
        )
      ),
    unseenSince: (before, limit) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .selectFrom("calls_in_progress")
            .selectAll()
            .where("seen_at", "<", before)
            .orderBy("seen_at")
            .limit(limit)
            .execute()
        ),
        (rows) => rows.map(toCall)
      )
  })

export const layer: Layer.Layer<CallsInProgress, never, KyselyDatabase> = Layer.effect(
  CallsInProgress,
  Effect.map(KyselyDatabase, make)
)
