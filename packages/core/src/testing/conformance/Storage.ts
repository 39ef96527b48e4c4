import { Cause, Effect, Exit, type Layer, ManagedRuntime, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Call, CallQuery } from "../../calling/Call.js"
import { CallRepository } from "../../calling/CallRepository.js"
import { type ApiKeyRecord, ApiKeyRepository } from "../../platform/ApiKeys.js"
import { type Tenant, TenantRepository } from "../../platform/Tenants.js"
import { type UsageEntry, UsageLedger } from "../../platform/Usage.js"

type StoragePorts = TenantRepository | ApiKeyRepository | UsageLedger | CallRepository

// Every test makes its own tenants with random ids, so all tests (and several suites)
// can share one database.
const uuid = () => globalThis.crypto.randomUUID()
const at = (iso: string) => new Date(iso)
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms)
const MINUTE = 60_000
const DAY = 86_400_000

const byId = (a: { readonly id: string }, b: { readonly id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const oldestFirst =
  <A extends { readonly id: string }>(time: (a: A) => Date) =>
  (a: A, b: A) =>
    time(a).getTime() - time(b).getTime() || byId(a, b)
const newestFirst =
  <A extends { readonly id: string }>(time: (a: A) => Date) =>
  (a: A, b: A) =>
    -oldestFirst(time)(a, b)
const callsNewestFirst = newestFirst<Call>((call) => call.startedAt)

const makeTenant = (overrides: Partial<Tenant> = {}): Tenant => ({
  id: uuid(),
  name: "Acme",
  entitlements: ["voice", "chat"],
  createdAt: at("2026-01-05T09:30:00.123Z"),
  ...overrides
})

const makeKey = (tenantId: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  id: uuid(),
  tenantId,
  name: "server",
  product: "voice",
  environment: "live",
  prefix: "k3y9x2",
  digest: (uuid() + uuid()).replaceAll("-", ""),
  scopes: ["voice:read"],
  expiresAt: null,
  ipAllowlist: [],
  createdAt: at("2026-02-01T10:00:00.000Z"),
  revokedAt: null,
  ...overrides
})

const makeEntry = (tenantId: string, overrides: Partial<UsageEntry> = {}): UsageEntry => ({
  id: uuid(),
  tenantId,
  kind: "chat_session_mint",
  quantity: 1,
  metadata: {},
  occurredAt: at("2026-03-01T08:00:00.000Z"),
  ...overrides
})

const makeCall = (tenantId: string, overrides: Partial<Call> = {}): Call => ({
  id: uuid(),
  tenantId,
  fromId: "+15550100",
  toId: "+15550199",
  direction: "inbound",
  durationSecs: 30,
  result: "completed",
  startedAt: at("2026-11-20T10:00:00.000Z"),
  endedAt: null,
  callSid: null,
  mosScore: null,
  ...overrides
})

/** Every page of `list` from the start, following the keyset of each page's last row. */
const listAllPages = (tenantId: string, filter: Omit<CallQuery, "limit" | "after">, limit: number) =>
  Effect.gen(function* () {
    const calls = yield* CallRepository
    const seen: Array<Call> = []
    let after: CallQuery["after"]
    for (let pages = 0; pages < 1_000; pages++) {
      const page = yield* calls.list(tenantId, { ...filter, limit, after })
      expect(page.length).toBeLessThanOrEqual(limit)
      seen.push(...page)
      if (page.length < limit) return seen
      const last = page[page.length - 1]
      after = { startedAt: last.startedAt, id: last.id }
    }
    throw new Error("paging did not end")
  })

/**
 * The storage contract every implementation of the storage ports must meet: the memory
 * fake, PGlite and Postgres. `makeLayer` is built once for the whole suite.
 */
export const storageConformance = (name: string, makeLayer: () => Layer.Layer<StoragePorts, unknown>): void => {
  describe(`storage conformance: ${name}`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<StoragePorts, unknown>
    beforeAll(async () => {
      runtime = ManagedRuntime.make(makeLayer())
      await runtime.runtime()
    })
    afterAll(() => runtime.dispose())

    const run = <A>(effect: Effect.Effect<A, never, StoragePorts>) => runtime.runPromise(effect)
    const expectDefect = async (effect: Effect.Effect<unknown, never, StoragePorts>) => {
      const exit = await runtime.runPromise(Effect.exit(effect))
      expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
    }
    const insertTenant = (overrides: Partial<Tenant> = {}) =>
      Effect.gen(function* () {
        const tenant = makeTenant(overrides)
        yield* (yield* TenantRepository).insert(tenant)
        return tenant
      })

    describe("tenants", () => {
      it("stores a tenant and finds it by id", () =>
        run(
          Effect.gen(function* () {
            const tenants = yield* TenantRepository
            const tenant = yield* insertTenant()
            const bare = yield* insertTenant({ entitlements: [] })
            expect(yield* tenants.findById(tenant.id)).toEqual(Option.some(tenant))
            expect(yield* tenants.findById(bare.id)).toEqual(Option.some(bare))
            expect(yield* tenants.findById(uuid())).toEqual(Option.none())
            expect(yield* tenants.findById("not-a-uuid")).toEqual(Option.none())
          })
        ))

      it("refuses a second tenant with the same id", async () => {
        const tenant = await run(insertTenant())
        await expectDefect(Effect.flatMap(TenantRepository, (tenants) => tenants.insert({ ...tenant, name: "Other" })))
        expect(await run(Effect.flatMap(TenantRepository, (t) => t.findById(tenant.id)))).toEqual(Option.some(tenant))
      })

      it("replaces entitlements, and answers none for an unknown tenant", () =>
        run(
          Effect.gen(function* () {
            const tenants = yield* TenantRepository
            const tenant = yield* insertTenant({ entitlements: ["voice"] })
            const updated = { ...tenant, entitlements: ["chat", "automations"] as const }
            expect(yield* tenants.setEntitlements(tenant.id, ["chat", "automations"])).toEqual(Option.some(updated))
            expect(yield* tenants.findById(tenant.id)).toEqual(Option.some(updated))
            expect(yield* tenants.setEntitlements(tenant.id, [])).toEqual(Option.some({ ...tenant, entitlements: [] }))
            expect(yield* tenants.setEntitlements(uuid(), ["chat"])).toEqual(Option.none())
            expect(yield* tenants.setEntitlements("not-a-uuid", ["chat"])).toEqual(Option.none())
          })
        ))

      it("lists tenants oldest first, ties broken by id", () =>
        run(
          Effect.gen(function* () {
            const tenants = yield* TenantRepository
            const base = at("2026-01-10T00:00:00.000Z")
            const mine = [
              makeTenant({ createdAt: plus(base, 2 * MINUTE) }),
              makeTenant({ createdAt: base }),
              makeTenant({ createdAt: plus(base, MINUTE) }),
              makeTenant({ createdAt: plus(base, MINUTE) }),
              makeTenant({ createdAt: plus(base, MINUTE) })
            ]
            for (const tenant of mine) yield* tenants.insert(tenant)
            const ids = new Set(mine.map((t) => t.id))
            const listed = (yield* tenants.list()).filter((t) => ids.has(t.id))
            expect(listed).toEqual([...mine].sort(oldestFirst((t) => t.createdAt)))
          })
        ))
    })

    describe("api keys", () => {
      it("stores a key and finds it by digest across tenants", () =>
        run(
          Effect.gen(function* () {
            const keys = yield* ApiKeyRepository
            const tenant = yield* insertTenant()
            const key = makeKey(tenant.id, {
              name: null,
              product: "chat",
              environment: "test",
              scopes: ["chat:read", "chat:write", "visitors:read"],
              expiresAt: at("2027-01-01T00:00:00.000Z"),
              ipAllowlist: ["10.0.0.0/8", "2001:db8::1"]
            })
            const plain = makeKey(tenant.id)
            yield* keys.insert(key)
            yield* keys.insert(plain)
            expect(yield* keys.findByDigest(key.digest)).toEqual(Option.some(key))
            expect(yield* keys.findByDigest(plain.digest)).toEqual(Option.some(plain))
            expect(yield* keys.findByDigest("0".repeat(64))).toEqual(Option.none())
          })
        ))

      it("refuses a second key with the same digest or id", async () => {
        const { key, tenant } = await run(
          Effect.gen(function* () {
            const tenant = yield* insertTenant()
            const key = makeKey(tenant.id)
            yield* (yield* ApiKeyRepository).insert(key)
            return { key, tenant }
          })
        )
        await expectDefect(
          Effect.flatMap(ApiKeyRepository, (keys) => keys.insert(makeKey(tenant.id, { digest: key.digest })))
        )
        await expectDefect(Effect.flatMap(ApiKeyRepository, (keys) => keys.insert(makeKey(tenant.id, { id: key.id }))))
        expect(await run(Effect.flatMap(ApiKeyRepository, (keys) => keys.listByTenant(tenant.id)))).toEqual([key])
      })

      it("refuses a key of a tenant that does not exist", async () => {
        const tenantId = uuid()
        await expectDefect(Effect.flatMap(ApiKeyRepository, (keys) => keys.insert(makeKey(tenantId))))
        expect(await run(Effect.flatMap(ApiKeyRepository, (keys) => keys.listByTenant(tenantId)))).toEqual([])
      })

      it("finds a key by id only within its tenant", () =>
        run(
          Effect.gen(function* () {
            const keys = yield* ApiKeyRepository
            const tenant = yield* insertTenant()
            const other = yield* insertTenant()
            const key = makeKey(tenant.id)
            yield* keys.insert(key)
            expect(yield* keys.findById(tenant.id, key.id)).toEqual(Option.some(key))
            expect(yield* keys.findById(other.id, key.id)).toEqual(Option.none())
            expect(yield* keys.findById(tenant.id, uuid())).toEqual(Option.none())
            expect(yield* keys.findById(tenant.id, "not-a-uuid")).toEqual(Option.none())
            expect(yield* keys.findById("not-a-uuid", key.id)).toEqual(Option.none())
          })
        ))

      it("lists a tenant's keys newest first, ties broken by id", () =>
        run(
          Effect.gen(function* () {
            const keys = yield* ApiKeyRepository
            const tenant = yield* insertTenant()
            const other = yield* insertTenant()
            const base = at("2026-02-01T00:00:00.000Z")
            const mine = [
              makeKey(tenant.id, { createdAt: base }),
              makeKey(tenant.id, { createdAt: plus(base, 2 * MINUTE) }),
              makeKey(tenant.id, { createdAt: plus(base, MINUTE) }),
              makeKey(tenant.id, { createdAt: plus(base, MINUTE) }),
              makeKey(tenant.id, { createdAt: plus(base, MINUTE), revokedAt: plus(base, DAY) })
            ]
            for (const key of mine) yield* keys.insert(key)
            yield* keys.insert(makeKey(other.id, { createdAt: plus(base, MINUTE) }))
            expect(yield* keys.listByTenant(tenant.id)).toEqual([...mine].sort(newestFirst((k) => k.createdAt)))
            expect(yield* keys.listByTenant((yield* insertTenant()).id)).toEqual([])
            expect(yield* keys.listByTenant("not-a-uuid")).toEqual([])
          })
        ))

      it("revokes idempotently, keeping the first revocation time", () =>
        run(
          Effect.gen(function* () {
            const keys = yield* ApiKeyRepository
            const tenant = yield* insertTenant()
            const key = makeKey(tenant.id)
            const sibling = makeKey(tenant.id)
            yield* keys.insert(key)
            yield* keys.insert(sibling)
            const first = at("2026-02-02T10:00:00.000Z")
            const revoked = { ...key, revokedAt: first }
            expect(yield* keys.revoke(tenant.id, key.id, first)).toEqual(Option.some(revoked))
            expect(yield* keys.revoke(tenant.id, key.id, plus(first, DAY))).toEqual(Option.some(revoked))
            expect(yield* keys.findByDigest(key.digest)).toEqual(Option.some(revoked))
            expect(yield* keys.findById(tenant.id, sibling.id)).toEqual(Option.some(sibling))
            expect(yield* keys.revoke(tenant.id, uuid(), first)).toEqual(Option.none())
            expect(yield* keys.revoke(tenant.id, "not-a-uuid", first)).toEqual(Option.none())
          })
        ))

      it("does not revoke another tenant's key", () =>
        run(
          Effect.gen(function* () {
            const keys = yield* ApiKeyRepository
            const tenant = yield* insertTenant()
            const other = yield* insertTenant()
            const key = makeKey(tenant.id)
            yield* keys.insert(key)
            expect(yield* keys.revoke(other.id, key.id, at("2026-02-02T10:00:00.000Z"))).toEqual(Option.none())
            expect(yield* keys.findById(tenant.id, key.id)).toEqual(Option.some(key))
          })
        ))
    })

    describe("usage ledger", () => {
      it("lists a tenant's entries oldest first, filtered by kind and since", () =>
        run(
          Effect.gen(function* () {
            const usage = yield* UsageLedger
            const tenantId = uuid()
            const base = at("2026-03-01T00:00:00.000Z")
            const entries = [
              makeEntry(tenantId, { occurredAt: plus(base, 3 * MINUTE), kind: "email_sent", quantity: 2 }),
              makeEntry(tenantId, { occurredAt: base }),
              makeEntry(tenantId, { occurredAt: plus(base, MINUTE), kind: "email_sent", quantity: 0.25 }),
              makeEntry(tenantId, { occurredAt: plus(base, MINUTE) }),
              makeEntry(tenantId, { occurredAt: plus(base, MINUTE), kind: "email_sent" }),
              makeEntry(tenantId, {
                occurredAt: plus(base, 2 * MINUTE),
                metadata: { sessionId: "s_1", count: 3, nested: { ok: true, list: [1, "two", null] } }
              })
            ]
            for (const entry of entries) yield* usage.append(entry)
            yield* usage.append(makeEntry(uuid(), { occurredAt: plus(base, MINUTE) }))

            const ordered = [...entries].sort(oldestFirst((e) => e.occurredAt))
            const since = plus(base, MINUTE)
            expect(yield* usage.list(tenantId)).toEqual(ordered)
            expect(yield* usage.list(tenantId, {})).toEqual(ordered)
            expect(yield* usage.list(tenantId, { kind: "email_sent" })).toEqual(
              ordered.filter((e) => e.kind === "email_sent")
            )
            // `since` is inclusive.
            expect(yield* usage.list(tenantId, { since })).toEqual(ordered.filter((e) => e.occurredAt >= since))
            expect(yield* usage.list(tenantId, { kind: "chat_session_mint", since })).toEqual(
              ordered.filter((e) => e.kind === "chat_session_mint" && e.occurredAt >= since)
            )
            expect(yield* usage.list(tenantId, { kind: "unknown" })).toEqual([])
            expect(yield* usage.list(uuid())).toEqual([])
            expect(yield* usage.list("not-a-uuid")).toEqual([])
          })
        ))

      it("refuses a second entry with the same id", async () => {
        const entry = makeEntry(uuid())
        await run(Effect.flatMap(UsageLedger, (usage) => usage.append(entry)))
        await expectDefect(Effect.flatMap(UsageLedger, (usage) => usage.append({ ...entry, quantity: 5 })))
        expect(await run(Effect.flatMap(UsageLedger, (usage) => usage.list(entry.tenantId)))).toEqual([entry])
      })
    })

    describe("calls", () => {
      it("inserts calls, skipping ids the tenant already has, and counts the inserted ones", () =>
        run(
          Effect.gen(function* () {
            const calls = yield* CallRepository
            const tenantId = uuid()
            const first = makeCall(tenantId)
            const second = makeCall(tenantId, { startedAt: at("2026-11-20T11:00:00.000Z") })
            expect(yield* calls.insertMany([])).toBe(0)
            expect(yield* calls.insertMany([first, second])).toBe(2)
            const changed = { ...first, durationSecs: 999 }
            const third = makeCall(tenantId)
            expect(yield* calls.insertMany([changed, third, second])).toBe(1)
            // The first row with an id wins, within a batch too.
            const fourth = makeCall(tenantId)
            expect(yield* calls.insertMany([fourth, { ...fourth, result: "missed" }])).toBe(1)
            expect(yield* calls.findById(tenantId, first.id)).toEqual(Option.some(first))
            expect(yield* calls.findById(tenantId, fourth.id)).toEqual(Option.some(fourth))
            // Ids are unique per tenant: another tenant may hold the same id.
            const elsewhere = { ...first, tenantId: uuid() }
            expect(yield* calls.insertMany([elsewhere])).toBe(1)
            expect(yield* calls.findById(elsewhere.tenantId, first.id)).toEqual(Option.some(elsewhere))
            expect(yield* calls.list(tenantId, { limit: 10 })).toHaveLength(4)
          })
        ))

      it("inserts a batch larger than one statement", () =>
        run(
          Effect.gen(function* () {
            const calls = yield* CallRepository
            const tenantId = uuid()
            const base = at("2026-11-01T00:00:00.000Z")
            const batch = Array.from({ length: 2_500 }, (_, i) =>
              makeCall(tenantId, { startedAt: plus(base, i * 1_000) })
            )
            expect(yield* calls.insertMany(batch.slice(0, 1_200))).toBe(1_200)
            expect(yield* calls.insertMany(batch)).toBe(1_300)
            expect(yield* calls.list(tenantId, { limit: 3 })).toEqual(batch.slice(-3).reverse())
          })
        ))

      it("finds a call by id only within its tenant, with every field intact", () =>
        run(
          Effect.gen(function* () {
            const calls = yield* CallRepository
            const tenantId = uuid()
            const full = makeCall(tenantId, {
              direction: "outbound",
              durationSecs: 12.5,
              result: "voicemail",
              endedAt: at("2026-11-20T10:00:12.500Z"),
              callSid: "CA0123456789",
              mosScore: 4.3
            })
            const bare = makeCall(tenantId, { durationSecs: 0, result: "missed" })
            yield* calls.insertMany([full, bare])
            expect(yield* calls.findById(tenantId, full.id)).toEqual(Option.some(full))
            expect(yield* calls.findById(tenantId, bare.id)).toEqual(Option.some(bare))
            expect(yield* calls.findById(uuid(), full.id)).toEqual(Option.none())
            expect(yield* calls.findById(tenantId, uuid())).toEqual(Option.none())
            expect(yield* calls.findById(tenantId, "not-a-uuid")).toEqual(Option.none())
            expect(yield* calls.findById("not-a-uuid", full.id)).toEqual(Option.none())
            // Stored ids are lowercase; only that form matches.
            expect(yield* calls.findById(tenantId, full.id.toUpperCase())).toEqual(Option.none())
          })
        ))

      it("lists newest first, ties on startedAt broken by id descending", () =>
        run(
          Effect.gen(function* () {
            const calls = yield* CallRepository
            const tenantId = uuid()
            const tie = at("2026-11-20T10:00:00.000Z")
            const rows = [
              makeCall(tenantId, { startedAt: plus(tie, -MINUTE) }),
              ...Array.from({ length: 6 }, () => makeCall(tenantId, { startedAt: tie })),
              makeCall(tenantId, { startedAt: plus(tie, 1) }),
              makeCall(tenantId, { startedAt: plus(tie, -1) })
            ]
            yield* calls.insertMany(rows)
            yield* calls.insertMany([makeCall(uuid(), { startedAt: tie })])
            const ordered = [...rows].sort(callsNewestFirst)
            expect(yield* calls.list(tenantId, { limit: 100 })).toEqual(ordered)
            expect(yield* calls.list(tenantId, { limit: 4 })).toEqual(ordered.slice(0, 4))
            expect(yield* calls.list(tenantId, { limit: 0 })).toEqual([])
            expect(yield* calls.list(uuid(), { limit: 10 })).toEqual([])
            expect(yield* calls.list("not-a-uuid", { limit: 10 })).toEqual([])
          })
        ))

      it("answers rows strictly older than the keyset position", () =>
        run(
          Effect.gen(function* () {
            const calls = yield* CallRepository
            const tenantId = uuid()
            const tie = at("2026-11-20T10:00:00.000Z")
            const rows = Array.from({ length: 5 }, () => makeCall(tenantId, { startedAt: tie }))
            const older = makeCall(tenantId, { startedAt: plus(tie, -1) })
            yield* calls.insertMany([...rows, older])
            const ordered = [...rows, older].sort(callsNewestFirst)
            const middle = ordered[2]
            expect(yield* calls.list(tenantId, { limit: 10, after: middle })).toEqual(ordered.slice(3))
            // The position need not be a stored call.
            const highest = "ffffffff-ffff-4fff-bfff-ffffffffffff"
            const lowest = "00000000-0000-4000-8000-000000000000"
            expect(yield* calls.list(tenantId, { limit: 10, after: { startedAt: tie, id: highest } })).toEqual(ordered)
            expect(yield* calls.list(tenantId, { limit: 10, after: { startedAt: tie, id: lowest } })).toEqual([older])
            expect(yield* calls.list(tenantId, { limit: 10, after: older })).toEqual([])
          })
        ))

      it("pages through 250 calls with every filter, each matching call exactly once and in order", () =>
        run(
          Effect.gen(function* () {
            const calls = yield* CallRepository
            const tenantId = uuid()
            const otherId = uuid()
            const results = ["completed", "missed", "busy", "voicemail", "no_answer"] as const
            const base = at("2026-11-20T00:00:00.000Z")
            // 40 distinct start times for 250 calls, so most pages cut through a tie.
            const rows = Array.from({ length: 250 }, (_, i) =>
              makeCall(tenantId, {
                startedAt: plus(base, ((i * 13) % 40) * MINUTE),
                direction: i % 3 === 0 ? "outbound" : "inbound",
                result: results[(i * 7) % results.length]
              })
            )
            yield* calls.insertMany(rows.slice(0, 100))
            yield* calls.insertMany(rows.slice(100))
            yield* calls.insertMany(rows.slice(0, 40).map((call) => ({ ...call, id: uuid(), tenantId: otherId })))

            const filters: ReadonlyArray<Omit<CallQuery, "limit" | "after">> = [
              {},
              { direction: "inbound" },
              { direction: "outbound" },
              { result: "completed" },
              { result: "busy" },
              { direction: "inbound", result: "missed" },
              { result: "canceled" }
            ]
            for (const filter of filters) {
              const expected = rows
                .filter(
                  (call) =>
                    (filter.direction === undefined || call.direction === filter.direction) &&
                    (filter.result === undefined || call.result === filter.result)
                )
                .sort(callsNewestFirst)
              for (const limit of [7, 50]) {
                expect(yield* listAllPages(tenantId, filter, limit)).toEqual(expected)
              }
            }
          })
        ))

      it("totals a day and a week window, boundaries included and future calls ignored", () =>
        run(
          Effect.gen(function* () {
            const calls = yield* CallRepository
            const tenantId = uuid()
            const now = at("2026-11-20T12:00:00.000Z")
            const dayStart = at("2026-11-20T00:00:00.000Z")
            const weekStart = plus(now, -7 * DAY)
            const call = (startedAt: Date, overrides: Partial<Call>) => makeCall(tenantId, { startedAt, ...overrides })
            yield* calls.insertMany([
              call(dayStart, { durationSecs: 60 }), // today, answered inbound
              call(plus(dayStart, -1), { durationSecs: 100, result: "missed" }), // yesterday, offered inbound
              call(now, { durationSecs: 30.5, direction: "outbound" }), // today, not inbound
              call(plus(dayStart, 6 * 3_600_000), { durationSecs: 0, result: "busy" }), // today, offered inbound
              call(weekStart, { durationSecs: 10 }), // first instant of the week
              call(plus(weekStart, -1), { durationSecs: 10 }), // before the week
              call(plus(now, 1), { durationSecs: 1_000 }), // future
              call(plus(now, DAY), { durationSecs: 1_000, result: "missed" }) // future
            ])
            yield* calls.insertMany([makeCall(uuid(), { startedAt: plus(dayStart, MINUTE), durationSecs: 500 })])

            expect(yield* calls.totals(tenantId, { dayStart, weekStart, now })).toEqual({
              secondsToday: 90.5,
              callsToday: 3,
              inboundOffered: 4,
              inboundAnswered: 2
            })
            const none = { secondsToday: 0, callsToday: 0, inboundOffered: 0, inboundAnswered: 0 }
            expect(yield* calls.totals(uuid(), { dayStart, weekStart, now })).toEqual(none)
            expect(yield* calls.totals("not-a-uuid", { dayStart, weekStart, now })).toEqual(none)
          })
        ))
    })
  })
}
