import { WebhookDeliveryRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { findInTenant, olderThan } from "../Keyset.js"
import { pruneRows } from "../RetentionBatch.js"
import { type Db, attempts, deliveries, toAttempt, toDelivery, toDeliveryRow } from "./WebhookRows.js"

/** Webhook deliveries and their attempts: written, claimed, recorded, due again, recovered and resumed. */
export const makeDeliveries = (database: KyselyConnection): WebhookDeliveryRepository["Type"] =>
  WebhookDeliveryRepository.of({
    // One statement for any number of rows, passed as one JSON array; each delivery is stored
    // whole under its id, replacing what the id held, as the memory store does.
    insertMany: (rows) => {
      if (rows.length === 0) return Effect.void
      // One statement may not write a row twice: the last delivery with an id wins, as in a sequence of writes.
      const latest = new Map(rows.map((delivery) => [`${delivery.tenantId}/${delivery.id}`, delivery]))
      const json = JSON.stringify([...latest.values()].map(toDeliveryRow))
      return Effect.asVoid(
        query(database, (db: Db) =>
          sql`
            insert into ${sql.id(database.schema, "webhook_deliveries")} (
              tenant_id, id, subscription_id, event_id, event, body, status, attempts, next_attempt_at, created_at,
              updated_at
            )
            select * from jsonb_to_recordset(${json}::jsonb) as d(
              tenant_id uuid, id uuid, subscription_id uuid, event_id uuid, event text, body text, status text,
              attempts integer, next_attempt_at timestamptz, created_at timestamptz, updated_at timestamptz
            )
            on conflict (tenant_id, id) do update set
              subscription_id = excluded.subscription_id, event_id = excluded.event_id, event = excluded.event,
              body = excluded.body, status = excluded.status, attempts = excluded.attempts,
              next_attempt_at = excluded.next_attempt_at, created_at = excluded.created_at,
              updated_at = excluded.updated_at
          `.execute(db)
        )
      )
    },

    find: (tenantId, id) => findInTenant(database, deliveries, tenantId, id),

    // One update: of two workers claiming the same delivery at once, the second waits for the
    // first and then finds it leased.
    claim: (tenantId, ids, at, leaseUntil) => {
      const wanted = [...new Set(ids)].filter(isUuid)
      return isUuid(tenantId) && wanted.length > 0
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("webhook_deliveries")
                .set((eb) => ({ attempts: eb("attempts", "+", 1), next_attempt_at: leaseUntil, updated_at: at }))
                .where("tenant_id", "=", tenantId)
                .where("id", "in", wanted)
                .where("status", "=", "pending")
                .where("next_attempt_at", "<=", at)
                .returningAll()
                .execute()
            ),
            (rows) => rows.map(toDelivery)
          )
        : Effect.succeed([])
    },

    // One statement for the whole batch, its rows passed as one JSON array: each delivery's new
    // state, and its attempt (if it has one) appended only when the delivery is still there (it goes with its
    // subscription, which may be removed while an attempt runs).
    record: (outcomes) => {
      const stored = outcomes.filter(({ delivery }) => isUuid(delivery.tenantId) && isUuid(delivery.id))
      if (stored.length === 0) return Effect.void
      const rows = JSON.stringify(
        stored.map(({ attempt, delivery }) => ({
          tenant_id: delivery.tenantId,
          id: delivery.id,
          status: delivery.status,
          attempts: delivery.attempts,
          next_attempt_at: delivery.nextAttemptAt,
          updated_at: delivery.updatedAt,
          ...(attempt === undefined
            ? {}
            : {
                attempt_id: attempt.id,
                subscription_id: attempt.subscriptionId,
                event_id: attempt.eventId,
                event: attempt.event,
                attempt: attempt.attempt,
                status_code: attempt.statusCode,
                duration_ms: attempt.durationMs,
                error: attempt.error,
                response_body: attempt.responseBody,
                next_retry_at: attempt.nextRetryAt,
                created_at: attempt.createdAt
              })
        }))
      )
      return Effect.asVoid(
        query(database, (db: Db) =>
          sql`
            with outcome as (
              select * from jsonb_to_recordset(${rows}::jsonb) as o(
                tenant_id uuid, id uuid, status text, attempts integer, next_attempt_at timestamptz,
                updated_at timestamptz, attempt_id uuid, subscription_id uuid, event_id uuid, event text,
                attempt integer, status_code integer, duration_ms double precision, error text,
                response_body text, next_retry_at timestamptz, created_at timestamptz
              )
            ), stored as (
              update ${sql.id(database.schema, "webhook_deliveries")} as d
              set status = o.status, attempts = o.attempts, next_attempt_at = o.next_attempt_at, updated_at = o.updated_at
              from outcome as o
              where d.tenant_id = o.tenant_id and d.id = o.id
              returning d.tenant_id, d.id
            )
            insert into ${sql.id(database.schema, "webhook_attempts")} (
              tenant_id, id, subscription_id, delivery_id, event_id, event, attempt, status_code, duration_ms,
              error, response_body, next_retry_at, created_at
            )
            select o.tenant_id, o.attempt_id, o.subscription_id, o.id, o.event_id, o.event, o.attempt, o.status_code,
              o.duration_ms, o.error, o.response_body, o.next_retry_at, o.created_at
            from outcome as o join stored as s on s.tenant_id = o.tenant_id and s.id = o.id
            where o.attempt_id is not null
          `.execute(db)
        )
      )
    },

    // A range on webhook_attempts_tenant_subscription_created_idx, read in its order.
    listAttempts: (tenantId, subscriptionId, { after, limit }) =>
      isUuid(tenantId) && isUuid(subscriptionId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("webhook_attempts")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("subscription_id", "=", subscriptionId)
                .$if(after !== undefined, (select) => select.where(olderThan(after!)))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toAttempt)
          )
        : Effect.succeed([]),

    findAttempt: (tenantId, id) => findInTenant(database, attempts, tenantId, id),

    // Across tenants, by design: a range on the partial index webhook_deliveries_due_idx.
    due: (at, limit) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .selectFrom("webhook_deliveries")
            .selectAll()
            .where("status", "=", "pending")
            .where("next_attempt_at", "<=", at)
            .orderBy("next_attempt_at")
            .orderBy("id")
            .limit(limit)
            .execute()
        ),
        (rows) => rows.map(toDelivery)
      ),

    // The subscription's rows by webhook_deliveries_tenant_subscription_idx, the failed ones picked.
    recover: (tenantId, subscriptionId, since, at, limit) =>
      isUuid(tenantId) && isUuid(subscriptionId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("webhook_deliveries")
                .set({ status: "pending", next_attempt_at: at, updated_at: at })
                .where("tenant_id", "=", tenantId)
                .where("id", "in", (eb) =>
                  eb
                    .selectFrom("webhook_deliveries")
                    .select("id")
                    .where("tenant_id", "=", tenantId)
                    .where("subscription_id", "=", subscriptionId)
                    .where("status", "=", "failed")
                    .where("created_at", ">=", since)
                    .orderBy("created_at")
                    .orderBy("id")
                    .limit(limit)
                )
                .where("status", "=", "failed")
                .returningAll()
                .execute()
            ),
            (rows) => rows.map(toDelivery).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          )
        : Effect.succeed([]),

    // Every held one in one update, answering their ids alone; then the oldest `limit` of them read
    // whole for their jobs (a long pause may hold more than a process should read at once).
    resume: (tenantId, subscriptionId, heldAfter, at, limit) =>
      isUuid(tenantId) && isUuid(subscriptionId)
        ? query(database, async (db: Db) => {
            const held = await db
              .updateTable("webhook_deliveries")
              .set({ next_attempt_at: at, updated_at: at })
              .where("tenant_id", "=", tenantId)
              .where("subscription_id", "=", subscriptionId)
              .where("status", "=", "pending")
              .where("next_attempt_at", ">", heldAfter)
              .returning(["id", "created_at"])
              .execute()
            const oldest = held
              .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1))
              .slice(0, limit)
              .map((row) => row.id)
            if (oldest.length === 0) return []
            const rows = await db
              .selectFrom("webhook_deliveries")
              .selectAll()
              .where("tenant_id", "=", tenantId)
              .where("id", "in", oldest)
              .orderBy("created_at")
              .orderBy("id")
              .execute()
            return rows.map(toDelivery)
          })
        : Effect.succeed([]),

    // A range of webhook_deliveries_ended_idx (webhook_deliveries_tenant_ended_idx for one tenant), then
    // each delivery's attempts by webhook_attempts_delivery_idx.
    pruneEnded: (before, limit, tenantId) =>
      pruneRows(database, {
        table: "webhook_deliveries",
        where: sql`status <> 'pending' and updated_at < ${before}`,
        orderBy: sql`updated_at`,
        limit,
        tenantId,
        hanging: { tables: ["webhook_attempts"], column: "delivery_id" }
      })
  })

export const layer: Layer.Layer<WebhookDeliveryRepository, never, KyselyDatabase> = Layer.effect(
  WebhookDeliveryRepository,
  Effect.map(KyselyDatabase, makeDeliveries)
)
