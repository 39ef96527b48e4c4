import type { Run } from "@servicekit/core/automations"
import type { Call } from "@servicekit/core/calling"
import {
  ActivityLog,
  ApiKeyRepository,
  CallRepository,
  EventOutbox,
  MemoryDatabase,
  RunRepository,
  ScheduleStore,
  TenantRepository,
  UsageLedger,
  VisitorRepository,
  WebhookSubscriptionRepository
} from "@servicekit/core/internal"
import { BUILT_IN_TENANT_KINDS } from "@servicekit/conformance"
import { layerMemoryStorage } from "@servicekit/core/testing"
import { Effect, type Layer, Option } from "effect"
import { describe, expect, it } from "vitest"


// The storage is built over its own MemoryDatabase, which its type leaves out.
const storage = layerMemoryStorage as Layer.Layer<Layer.Layer.Success<typeof layerMemoryStorage> | MemoryDatabase>
const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof storage>>) =>
  Effect.runPromise(Effect.provide(effect, storage))

const call = (tenantId: string, id: string, minute: number): Call => ({
  id,
  tenantId,
  fromId: "+15550100",
  toId: "+15550101",
  direction: "inbound",
  durationSecs: 30,
  result: "answered",
  startedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
  endedAt: null,
  callSid: null,
  mosScore: null
})

describe("memory tenant rows", () => {
  it("holds one store per SQL table of tenants' rows, under its name", () =>
    run(
      Effect.gen(function* () {
        const db = yield* MemoryDatabase
        expect([...db.tenantRows.keys()].sort()).toEqual([...BUILT_IN_TENANT_KINDS].sort())
        for (const rows of db.tenantRows.values()) {
          expect(rows.count("nobody")).toBe(0)
          expect(yield* db.run((undo) => rows.drop("nobody", 10, undo))).toBe(0)
        }
      })
    ))

  it("counts and drops the calls of the tenant named only, and a failed unit of work puts them back", () =>
    run(
      Effect.gen(function* () {
        const db = yield* MemoryDatabase
        const calls = yield* CallRepository
        const rows = db.tenantRows.get("calls")!
        yield* calls.insertMany([call("t1", "a", 1), call("t1", "b", 2), call("t1", "c", 3), call("t2", "a", 4)])
        yield* calls.insertMany([call("t2", "b", 5)])
        expect([rows.count("t1"), rows.count("t2")]).toEqual([3, 2])

        expect(yield* db.run((undo) => rows.drop("t1", 2, undo))).toBe(2)
        expect([rows.count("t1"), rows.count("t2")]).toEqual([1, 2])
        expect((yield* calls.list("t1", { limit: 10 })).map((row) => row.id)).toEqual(["c"])
        expect((yield* calls.list("t2", { limit: 10 })).map((row) => row.id)).toEqual(["b", "a"])

        // Gone inside the unit of work, back once it failed.
        const inside = yield* Effect.flip(
          db.withTransaction(
            Effect.zipRight(
              db.run((undo) => rows.drop("t1", 10, undo)),
              Effect.suspend(() => Effect.fail(rows.count("t1")))
            )
          )
        )
        expect(inside).toBe(0)
        expect([rows.count("t1"), rows.count("t2")]).toEqual([1, 2])
        expect((yield* calls.list("t1", { limit: 10 })).map((row) => row.id)).toEqual(["c"])

        expect(yield* db.run((undo) => rows.drop("t1", 10, undo))).toBe(1)
        expect(rows.count("t1")).toBe(0)
        expect(yield* calls.list("t1", { limit: 10 })).toEqual([])
        // The ids it held are free again.
        expect(yield* calls.insertMany([call("t1", "a", 6)])).toBe(1)
        expect(rows.count("t2")).toBe(2)
      })
    ))

  it("counts and drops the visitors of the tenant named only, and a failed unit of work puts them back", () =>
    run(
      Effect.gen(function* () {
        const db = yield* MemoryDatabase
        const visitors = yield* VisitorRepository
        const rows = db.tenantRows.get("visitors")!
        const at = new Date(0)
        const upsert = (tenantId: string, id: string) =>
          visitors.upsert({ id, tenantId, externalId: id, displayName: null, email: null, attributes: null, at })
        yield* Effect.forEach([upsert("t1", "v1"), upsert("t1", "v2"), upsert("t2", "v3")], (write) => write)
        expect([rows.count("t1"), rows.count("t2")]).toEqual([2, 1])

        // Gone inside the unit of work, back once it failed.
        const inside = yield* Effect.flip(
          db.withTransaction(
            Effect.zipRight(
              db.run((undo) => rows.drop("t1", 10, undo)),
              Effect.flatMap(visitors.find("t1", "v1"), (found) => Effect.fail(found._tag))
            )
          )
        )
        expect(inside).toBe("None")
        expect([rows.count("t1"), rows.count("t2")]).toEqual([2, 1])
        expect((yield* visitors.find("t1", "v1"))._tag).toBe("Some")

        expect(yield* db.run((undo) => rows.drop("t1", 10, undo))).toBe(2)
        expect([rows.count("t1"), rows.count("t2")]).toEqual([0, 1])
        expect((yield* visitors.findByExternalId("t1", "v1"))._tag).toBe("None")
        expect((yield* visitors.find("t2", "v3"))._tag).toBe("Some")
      })
    ))

  it("drops, with their indexes, the rows of the stores of a shape of their own, and puts them back on rollback", () =>
    run(
      Effect.gen(function* () {
        const db = yield* MemoryDatabase
        const at = new Date(0)
        const t1 = "00000000-0000-4000-8000-000000000001"
        const t2 = "00000000-0000-4000-8000-000000000002"
        const tenants = yield* TenantRepository
        for (const id of [t1, t2]) {
          yield* Effect.orDie(
            tenants.insert({
              id,
              name: id,
              entitlements: [],
              weight: 1,
              maxRunningRuns: null,
              suspension: null,
              createdAt: at
            })
          )
        }
        const keys = yield* ApiKeyRepository
        const apiKey = (tenantId: string, id: string) => ({
          id,
          tenantId,
          name: null,
          product: "calling" as const,
          environment: "live" as const,
          prefix: id,
          digest: `digest-${id}`,
          scopes: [],
          expiresAt: null,
          ipAllowlist: [],
          createdAt: at,
          revokedAt: null
        })
        yield* Effect.orDie(keys.insert(apiKey(t1, "k1")))
        yield* Effect.orDie(keys.insert(apiKey(t2, "k2")))
        const usage = yield* UsageLedger
        for (const [tenantId, id] of [[t1, "u1"], [t2, "u2"], [t1, "u3"]]) {
          yield* Effect.orDie(usage.append({ id, tenantId, kind: "k", quantity: 1, metadata: {}, occurredAt: at }))
        }
        const outbox = yield* EventOutbox
        yield* outbox.append(
          [t1, t2, t1].map((tenantId, n) => ({
            id: `e${n}`,
            tenantId,
            aggregate: "a",
            type: "t",
            payload: {},
            occurredAt: at
          }))
        )
        const activity = yield* ActivityLog
        for (const [tenantId, id] of [[t2, "a1"], [t1, "a2"]]) {
          yield* activity.append({
            id,
            tenantId,
            status: "sent",
            recipient: "r",
            templateId: null,
            templateName: null,
            subject: "s",
            providerMessageId: null,
            error: null,
            metadata: {},
            createdAt: at
          })
        }
        const schedules = yield* ScheduleStore
        const queue = { name: "q", maxAttempts: 1, backoff: "1 second", lease: "1 minute" } as never
        for (const [tenantId, id] of [[t1, "s1"], [t2, "s2"]]) {
          yield* schedules.upsert({ id, tenantId, spec: { everySeconds: 60 }, queue, payload: {}, nextDueAt: at })
          yield* schedules.fire(id, at, null)
        }
        const runs = yield* RunRepository
        const result = (index: number) => ({ index }) as Run["results"][number]
        const aRun = (tenantId: string, id: string, results: number) =>
          ({ id, tenantId, idempotencyKey: null, results: [...Array(results).keys()].map(result) }) as unknown as Run
        yield* runs.insertMany([aRun(t1, "r1", 2), aRun(t1, "r2", 1), aRun(t2, "r3", 2)])
        const subscriptions = yield* WebhookSubscriptionRepository
        yield* subscriptions.save({ id: "w1", tenantId: t1 } as never)
        expect(yield* subscriptions.reserveSend(t1, "w1", 60_000, at)).toBeUndefined()

        const kinds = [
          "api_keys",
          "usage_entries",
          "event_outbox",
          "activity_log",
          "schedule_firings",
          "schedules",
          "automation_step_results",
          "automation_runs",
          "webhook_subscriptions"
        ]
        const counts = (tenantId: string) => kinds.map((kind) => db.tenantRows.get(kind)!.count(tenantId))
        const dropAll = (tenantId: string) =>
          db.run((undo) => kinds.map((kind) => db.tenantRows.get(kind)!.drop(tenantId, 100, undo)))
        const before = [counts(t1), counts(t2)]
        expect(before).toEqual([
          [1, 2, 2, 1, 1, 1, 3, 2, 1],
          [1, 1, 1, 1, 1, 1, 2, 1, 0]
        ])

        // Gone inside the unit of work, back once it failed.
        const inside = yield* Effect.flip(
          db.withTransaction(Effect.flatMap(dropAll(t1), () => Effect.suspend(() => Effect.fail(counts(t1)))))
        )
        expect(inside).toEqual(kinds.map(() => 0))
        expect([counts(t1), counts(t2)]).toEqual(before)
        expect(Option.isSome(yield* keys.findByDigest("digest-k1"))).toBe(true)
        expect(yield* subscriptions.reserveSend(t1, "w1", 60_000, at)).toEqual(new Date(60_000))

        expect(yield* dropAll(t1)).toEqual(before[0])
        expect([counts(t1), counts(t2)]).toEqual([kinds.map(() => 0), before[1]])
        expect(Option.isNone(yield* keys.findByDigest("digest-k1"))).toBe(true)
        expect(Option.isSome(yield* keys.findByDigest("digest-k2"))).toBe(true)
        // Nothing of its indexes is left: its key's digest and its usage entries' ids are free again.
        yield* Effect.orDie(keys.insert(apiKey(t2, "k1")))
        const entry = { id: "u1", tenantId: t2, kind: "k", quantity: 1, metadata: {}, occurredAt: at }
        yield* Effect.orDie(usage.append(entry))
        expect((yield* usage.list(t2)).map((entry) => entry.id)).toEqual(["u1", "u2"])
        expect((yield* outbox.claim(10)).pipe(Option.getOrThrow).map((event) => event.id)).toEqual(["e1"])
        // A subscription saved again with the same id is not throttled by the one dropped.
        yield* subscriptions.save({ id: "w1", tenantId: t1 } as never)
        expect(yield* subscriptions.reserveSend(t1, "w1", 60_000, at)).toBeUndefined()
      })
    ))
})
