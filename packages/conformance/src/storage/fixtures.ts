import { Cause, Effect, Exit } from "effect"
import { expect } from "vitest"
import { type Tenant } from "@servicekit/core"
import type { Call } from "@servicekit/core/calling"
import { type ApiKeyRecord, type Page, TenantRepository, type UsageEntry } from "@servicekit/core/internal"

// Every test makes its own tenants with random ids, so all tests (and several suites)
// can share one database.
export const uuid = () => globalThis.crypto.randomUUID()
export const at = (iso: string) => new Date(iso)
export const plus = (date: Date, ms: number) => new Date(date.getTime() + ms)
export const MINUTE = 60_000
export const DAY = 86_400_000

const byId = (a: { readonly id: string }, b: { readonly id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
export const oldestFirst =
  <A extends { readonly id: string }>(time: (a: A) => Date) =>
  (a: A, b: A) =>
    time(a).getTime() - time(b).getTime() || byId(a, b)
export const newestFirst =
  <A extends { readonly id: string }>(time: (a: A) => Date) =>
  (a: A, b: A) =>
    -oldestFirst(time)(a, b)
/** Every page of a newest-first list from the start, following the keyset of each page's last row. */
export const allPages = <A extends { readonly createdAt: Date; readonly id: string }, R>(
  read: (after: Page["after"]) => Effect.Effect<ReadonlyArray<A>, never, R>,
  limit: number
) =>
  Effect.gen(function* () {
    const seen: Array<A> = []
    let after: Page["after"]
    for (let pages = 0; pages < 100; pages++) {
      const page = yield* read(after)
      expect(page.length).toBeLessThanOrEqual(limit)
      seen.push(...page)
      if (page.length < limit) return seen
      const last = page[page.length - 1]
      after = { createdAt: last.createdAt, id: last.id }
    }
    throw new Error("paging did not end")
  })

export const callsNewestFirst = newestFirst<Call>((call) => call.startedAt)

export const makeTenant = (overrides: Partial<Tenant> = {}): Tenant => ({
  id: uuid(),
  name: "Acme",
  entitlements: ["voice", "chat"],
  weight: 1,
  maxRunningRuns: null,
  suspension: null,
  createdAt: at("2026-01-05T09:30:00.123Z"),
  ...overrides
})

export const makeKey = (tenantId: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
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

export const makeEntry = (tenantId: string, overrides: Partial<UsageEntry> = {}): UsageEntry => ({
  id: uuid(),
  tenantId,
  kind: "chat_session_mint",
  quantity: 1,
  metadata: {},
  occurredAt: at("2026-03-01T08:00:00.000Z"),
  ...overrides
})

export const makeCall = (tenantId: string, overrides: Partial<Call> = {}): Call => ({
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

/** A stored tenant with random id. */
export const insertTenant = (overrides: Partial<Tenant> = {}) =>
  Effect.gen(function* () {
    const tenant = makeTenant(overrides)
    yield* (yield* TenantRepository).insert(tenant)
    return tenant
  })

/** The effect dies: storage refused it with a defect, not a typed error. */
export const expectDefect = <R>(effect: Effect.Effect<unknown, unknown, R>) =>
  Effect.map(Effect.exit(effect), (exit) => expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true))
