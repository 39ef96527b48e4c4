import { WebhookSubscriptionRepository, isUuid } from "@servicekit/core/internal"
import { Array as Arr, Effect, Layer } from "effect"
import { sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { findInTenant, pageInTenant } from "../Keyset.js"
import { type Db, subscriptions, toSubscription, toSubscriptionRow } from "./WebhookRows.js"

/** A tenant's webhook subscriptions: their records, the active ones by tenant, their throttle slots and circuits. */
export const makeSubscriptions = (database: KyselyConnection): WebhookSubscriptionRepository["Type"] =>
  WebhookSubscriptionRepository.of({
    save: (subscription) => {
      const { id: _id, tenant_id: _tenantId, ...columns } = toSubscriptionRow(subscription)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("webhook_subscriptions")
            .values(toSubscriptionRow(subscription))
            .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doUpdateSet(columns))
            .execute()
        )
      )
    },

    find: (tenantId, id) => findInTenant(database, subscriptions, tenantId, id),

    list: (tenantId, page) => pageInTenant(database, subscriptions, tenantId, page),

    // Its deliveries and attempts go by their foreign keys' on delete cascade.
    remove: (tenantId, id) =>
      isUuid(tenantId) && isUuid(id)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .deleteFrom("webhook_subscriptions")
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .executeTakeFirst()
            ),
            (result) => result.numDeletedRows > 0n
          )
        : Effect.succeed(false),

    // The tenants' ranges of webhook_subscriptions_tenant_created_idx (at most MAX_SUBSCRIPTIONS each).
    activeOf: (tenantIds) => {
      const wanted = [...new Set(tenantIds)].filter(isUuid)
      if (wanted.length === 0) return Effect.succeed(new Map())
      return Effect.map(
        query(database, (db: Db) =>
          db
            .selectFrom("webhook_subscriptions")
            .selectAll()
            .where("tenant_id", "in", wanted)
            .where("active", "=", true)
            .orderBy("created_at")
            .orderBy("id")
            .execute()
        ),
        (rows) => new Map(Object.entries(Arr.groupBy(rows.map(toSubscription), (subscription) => subscription.tenantId)))
      )
    },

    // One update: of senders racing for the same slot, the second waits for the first's row and
    // finds the slot taken. The old value comes from the locked row, before the update.
    reserveSend: (tenantId, id, intervalMs, at) =>
      isUuid(tenantId) && isUuid(id)
        ? Effect.map(
            query(database, (db: Db) =>
              sql<{ granted: boolean; next: Date | null }>`
                with old as (
                  select tenant_id, id, throttled_until from ${sql.id(database.schema, "webhook_subscriptions")}
                  where tenant_id = ${tenantId} and id = ${id} for update
                )
                update ${sql.id(database.schema, "webhook_subscriptions")} as s
                set throttled_until = case
                  when old.throttled_until is null or old.throttled_until <= ${at}::timestamptz
                  then ${new Date(at.getTime() + intervalMs)}::timestamptz
                  else old.throttled_until end
                from old where s.tenant_id = old.tenant_id and s.id = old.id
                returning old.throttled_until is null or old.throttled_until <= ${at}::timestamptz as granted,
                  old.throttled_until as next
              `.execute(db)
            ),
            ({ rows: [row] }) => (row === undefined ? at : row.granted ? undefined : new Date(row.next!))
          )
        : Effect.succeed(at),

    // The circuit's columns alone: a tenant's edit made meanwhile stays.
    // Turning it off waits for the row and finds it on or not: of racing writers, one turns it off.
    recordHealth: (tenantId, id, health, at) =>
      isUuid(tenantId) && isUuid(id)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("webhook_subscriptions")
                .set((eb) => ({
                  failing_since:
                    health.failingSince === null
                      ? null
                      : eb.fn.coalesce("failing_since", sql<Date>`${health.failingSince}::timestamptz`),
                  paused_until: health.pausedUntil,
                  ...(health.disabledReason === null
                    ? {}
                    : { active: false, disabled_reason: health.disabledReason, updated_at: at })
                }))
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .$if(health.disabledReason !== null, (update) => update.where("active", "=", true))
                .executeTakeFirst()
            ),
            (result) => health.disabledReason !== null && result.numUpdatedRows > 0n
          )
        : Effect.succeed(false)
  })

export const layer: Layer.Layer<WebhookSubscriptionRepository, never, KyselyDatabase> = Layer.effect(
  WebhookSubscriptionRepository,
  Effect.map(KyselyDatabase, makeSubscriptions)
)
