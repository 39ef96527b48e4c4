import { Array as Arr, Context, Effect, Layer, Option } from "effect"
import type { Page } from "../platform/Keyset.js"
import { memoryTable } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { DeliveryAttempt, WebhookDelivery, WebhookSubscription } from "./Webhook.js"
import type { SubscriptionHealth } from "./WebhookHealth.js"

export class WebhookSubscriptionRepository extends Context.Tag("@servicekit/core/WebhookSubscriptionRepository")<
  WebhookSubscriptionRepository,
  {
    /** Stores the subscription whole, inserting or replacing it. */
    readonly save: (subscription: WebhookSubscription) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<WebhookSubscription>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<WebhookSubscription>>
    /** Whether there was one; its deliveries and their history go with it. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
    /** The active subscriptions of each of `tenantIds`, oldest first, by tenant (those with none left out). */
    readonly activeOf: (tenantIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, ReadonlyArray<WebhookSubscription>>>
    /**
     * A send to the subscription's receiver at `at`, under its throttle of one send each `intervalMs`
     * across every process: undefined when granted (the next waits until `at + intervalMs`), else
     * when the next send may go. Nothing is granted when it is gone.
     */
    readonly reserveSend: (tenantId: string, id: string, intervalMs: number, at: Date) => Effect.Effect<Date | undefined>
    /**
     * Stores the circuit's state alone, whatever else changed meanwhile: a stored `failingSince`
     * is kept while it keeps failing; with `disabledReason` the subscription is turned off
     * (updated at `at`), unless it is off already, when nothing changes. Nothing when it is gone.
     * Whether this write turned it off: of writers racing to, one alone.
     */
    readonly recordHealth: (
      tenantId: string,
      id: string,
      health: SubscriptionHealth,
      at: Date
    ) => Effect.Effect<boolean>
  }
>() {}

/** A delivery's state after an attempt, and the attempt's history row (none when nothing was sent and nothing ended). */
export interface RecordedAttempt {
  readonly delivery: WebhookDelivery
  readonly attempt: DeliveryAttempt | undefined
}

export class WebhookDeliveryRepository extends Context.Tag("@servicekit/core/WebhookDeliveryRepository")<
  WebhookDeliveryRepository,
  {
    readonly insertMany: (deliveries: ReadonlyArray<WebhookDelivery>) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<WebhookDelivery>>
    /**
     * Those of the tenant's deliveries `ids` that are pending and due at `at`, each with one more
     * attempt counted and its next attempt moved to `leaseUntil` (so that no other worker takes
     * it meanwhile), in one write; the others (not pending, not yet due, gone) are left out.
     */
    readonly claim: (
      tenantId: string,
      ids: ReadonlyArray<string>,
      at: Date,
      leaseUntil: Date
    ) => Effect.Effect<ReadonlyArray<WebhookDelivery>>
    /**
     * Stores each delivery's new state and appends its attempt to its history, all in one write;
     * a delivery no longer there (it went with its subscription) gets no attempt.
     */
    readonly record: (outcomes: ReadonlyArray<RecordedAttempt>) => Effect.Effect<void>
    /** A subscription's attempts, newest first by (createdAt, id). */
    readonly listAttempts: (
      tenantId: string,
      subscriptionId: string,
      page: Page
    ) => Effect.Effect<ReadonlyArray<DeliveryAttempt>>
    readonly findAttempt: (tenantId: string, id: string) => Effect.Effect<Option.Option<DeliveryAttempt>>
    /** Pending deliveries of every tenant whose next attempt is due at `at`, the longest due first. */
    readonly due: (at: Date, limit: number) => Effect.Effect<ReadonlyArray<WebhookDelivery>>
    /**
     * The subscription's failed deliveries created at or after `since`, the oldest `limit` of them,
     * pending again and due at `at`, in one write.
     */
    readonly recover: (
      tenantId: string,
      subscriptionId: string,
      since: Date,
      at: Date,
      limit: number
    ) => Effect.Effect<ReadonlyArray<WebhookDelivery>>
    /**
     * The subscription's pending deliveries whose next attempt is later than `heldAfter` (those held
     * while it was paused, not those a sender holds), due at `at`, in one write; the oldest `limit`
     * of them answered.
     */
    readonly resume: (
      tenantId: string,
      subscriptionId: string,
      heldAfter: Date,
      at: Date,
      limit: number
    ) => Effect.Effect<ReadonlyArray<WebhookDelivery>>
    /**
     * Deletes up to `limit` deliveries (of `tenantId` when given, else of any tenant) that ended before
     * `before`, the longest ended first, with their attempts: how many deliveries it deleted.
     */
    readonly pruneEnded: (before: Date, limit: number, tenantId?: string) => Effect.Effect<number>
  }
>() {}

/** Both webhook repositories in memory, sharing their rows as the tables share a foreign key. */
export const layerMemoryWebhooks: Layer.Layer<
  WebhookSubscriptionRepository | WebhookDeliveryRepository,
  never,
  MemoryDatabase
> = Layer.effectContext(
  Effect.map(MemoryDatabase, (db) => {
    // When each throttled subscription may send next, by `tenantId/id` (as the SQL column, outside its record).
    const throttles = new Map<string, Date>()
    // A subscription's throttle goes with it, as its column would.
    const subscriptions = memoryTable<WebhookSubscription>(db, "webhook_subscriptions", (subscription, undo) => {
      const key = `${subscription.tenantId}/${subscription.id}`
      const next = throttles.get(key)
      if (next === undefined) return
      throttles.delete(key)
      undo(() => throttles.set(key, next))
    })
    const deliveries = memoryTable<WebhookDelivery>(db, "webhook_deliveries")
    const attempts = memoryTable<DeliveryAttempt>(db, "webhook_attempts")
    const subscriptionRepository = WebhookSubscriptionRepository.of({
      save: subscriptions.save,
      find: subscriptions.find,
      list: (tenantId, page) => subscriptions.list(tenantId, page),
      remove: (tenantId, id) =>
        Effect.tap(subscriptions.remove(tenantId, id), (removed) =>
          removed
            ? db.run((undo) => {
                const owned = (row: { readonly tenantId: string; readonly subscriptionId: string }) =>
                  row.tenantId === tenantId && row.subscriptionId === id
                for (const row of [...deliveries.rows()]) if (owned(row)) deliveries.drop(row, undo)
                for (const row of [...attempts.rows()]) if (owned(row)) attempts.drop(row, undo)
              })
            : Effect.void
        ),
      activeOf: (tenantIds) =>
        db.run(() => {
          const wanted = new Set(tenantIds)
          const rows = [...subscriptions.rows()]
            .filter((row) => row.active && wanted.has(row.tenantId))
            .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
          return new Map(Object.entries(Arr.groupBy(rows, (row) => row.tenantId)))
        }),
      reserveSend: (tenantId, id, intervalMs, at) =>
        db.run(() => {
          if (subscriptions.get(tenantId, id) === undefined) return at
          const key = `${tenantId}/${id}`
          const next = throttles.get(key)
          if (next !== undefined && next > at) return next
          throttles.set(key, new Date(at.getTime() + intervalMs))
          return undefined
        }),
      recordHealth: (tenantId, id, health, at) =>
        db.run((undo) => {
          const stored = subscriptions.get(tenantId, id)
          if (stored === undefined || (health.disabledReason !== null && !stored.active)) return false
          subscriptions.put(
            {
              ...stored,
              failingSince: health.failingSince === null ? null : (stored.failingSince ?? health.failingSince),
              pausedUntil: health.pausedUntil,
              ...(health.disabledReason === null
                ? {}
                : { active: false, disabledReason: health.disabledReason, updatedAt: at })
            },
            undo
          )
          return health.disabledReason !== null
        })
    })
    const deliveryRepository = WebhookDeliveryRepository.of({
      insertMany: (rows) => db.run((undo) => rows.forEach((row) => deliveries.put(row, undo))),
      find: deliveries.find,
      claim: (tenantId, ids, at, leaseUntil) =>
        db.run((undo) => {
          const claimed: Array<WebhookDelivery> = []
          for (const id of new Set(ids)) {
            const row = deliveries.get(tenantId, id)
            if (row?.status !== "pending" || row.nextAttemptAt === null || row.nextAttemptAt > at) continue
            const delivery = { ...row, attempts: row.attempts + 1, nextAttemptAt: leaseUntil, updatedAt: at }
            deliveries.put(delivery, undo)
            claimed.push(delivery)
          }
          return claimed
        }),
      // Like the SQL update: the delivery's state only, and nothing once it went with its subscription.
      record: (outcomes) =>
        db.run((undo) => {
          for (const { attempt, delivery } of outcomes) {
            const stored = deliveries.get(delivery.tenantId, delivery.id)
            if (stored === undefined) continue
            const { attempts: count, nextAttemptAt, status, updatedAt } = delivery
            deliveries.put({ ...stored, status, attempts: count, nextAttemptAt, updatedAt }, undo)
            if (attempt !== undefined) attempts.put(attempt, undo)
          }
        }),
      listAttempts: (tenantId, subscriptionId, page) =>
        attempts.list(tenantId, page, (row) => row.subscriptionId === subscriptionId),
      findAttempt: attempts.find,
      due: (at, limit) =>
        db.run(() =>
          [...deliveries.rows()]
            .filter((row) => row.status === "pending" && row.nextAttemptAt !== null && row.nextAttemptAt <= at)
            .sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || (a.id < b.id ? -1 : 1))
            .slice(0, limit)
        ),
      recover: (tenantId, subscriptionId, since, at, limit) =>
        db.run((undo) => {
          const failed = [...deliveries.rows()]
            .filter(
              (row) =>
                row.tenantId === tenantId &&
                row.subscriptionId === subscriptionId &&
                row.status === "failed" &&
                row.createdAt >= since
            )
            .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
            .slice(0, limit)
          return failed.map((row) => {
            const recovered: WebhookDelivery = { ...row, status: "pending", nextAttemptAt: at, updatedAt: at }
            deliveries.put(recovered, undo)
            return recovered
          })
        }),
      resume: (tenantId, subscriptionId, heldAfter, at, limit) =>
        db.run((undo) => {
          const held = [...deliveries.rows()]
            .filter(
              (row) =>
                row.tenantId === tenantId &&
                row.subscriptionId === subscriptionId &&
                row.status === "pending" &&
                row.nextAttemptAt !== null &&
                row.nextAttemptAt > heldAfter
            )
            .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
          const resumed = held.map((row) => ({ ...row, nextAttemptAt: at, updatedAt: at }))
          for (const row of resumed) deliveries.put(row, undo)
          return resumed.slice(0, limit)
        }),
      pruneEnded: (before, limit, tenantId) =>
        db.run((undo) => {
          const ended = [...deliveries.rows()]
            .filter((row) => row.status !== "pending" && row.updatedAt < before && (tenantId === undefined || row.tenantId === tenantId))
            .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
            .slice(0, limit)
          const gone = new Set(ended.map((row) => `${row.tenantId}/${row.id}`))
          for (const row of [...attempts.rows()]) if (gone.has(`${row.tenantId}/${row.deliveryId}`)) attempts.drop(row, undo)
          for (const row of ended) deliveries.drop(row, undo)
          return ended.length
        })
    })
    return Context.make(WebhookSubscriptionRepository, subscriptionRepository).pipe(
      Context.add(WebhookDeliveryRepository, deliveryRepository)
    )
  })
)
