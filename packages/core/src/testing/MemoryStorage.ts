import { Context, Effect, Layer, Option } from "effect"
import type { Call, CallQuery } from "../calling/Call.js"
import { ANSWERED_RESULT } from "../calling/Call.js"
import { CallRepository } from "../calling/CallRepository.js"
import { ApiKeyRepository, type ApiKeyRecord } from "../platform/ApiKeys.js"
import { TenantRepository, type Tenant } from "../platform/Tenants.js"
import { UsageLedger, type UsageEntry } from "../platform/Usage.js"
import type { StoragePorts } from "../Ports.js"

const byNewest = <A extends { readonly id: string }>(time: (a: A) => Date) => (a: A, b: A) =>
  time(b).getTime() - time(a).getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)

/** Is (time, id) strictly older than the keyset position? */
const olderThan = (call: Call, after: NonNullable<CallQuery["after"]>) => {
  const t = call.startedAt.getTime()
  const at = after.startedAt.getTime()
  return t < at || (t === at && call.id < after.id)
}

const makeTenants = (rows: Map<string, Tenant>) =>
  TenantRepository.of({
    insert: (tenant) =>
      Effect.suspend(() => {
        if (rows.has(tenant.id)) return Effect.die(new Error("duplicate tenant"))
        rows.set(tenant.id, tenant)
        return Effect.void
      }),
    findById: (id) => Effect.sync(() => Option.fromNullable(rows.get(id))),
    setEntitlements: (id, entitlements) =>
      Effect.sync(() => {
        const tenant = rows.get(id)
        if (tenant === undefined) return Option.none()
        const updated = { ...tenant, entitlements: [...entitlements] }
        rows.set(id, updated)
        return Option.some(updated)
      }),
    list: () =>
      Effect.sync(() =>
        [...rows.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      )
  })

/** Keys reference their tenant, as the database's foreign key does. */
const makeApiKeys = (tenants: ReadonlyMap<string, Tenant>) => {
  const rows = new Map<string, ApiKeyRecord>()
  const byDigest = new Map<string, string>()
  return ApiKeyRepository.of({
    insert: (key) =>
      Effect.suspend(() => {
        if (byDigest.has(key.digest) || rows.has(key.id)) return Effect.die(new Error("duplicate api key"))
        if (!tenants.has(key.tenantId)) return Effect.die(new Error("api key of an unknown tenant"))
        rows.set(key.id, key)
        byDigest.set(key.digest, key.id)
        return Effect.void
      }),
    findByDigest: (digest) => Effect.sync(() => Option.fromNullable(rows.get(byDigest.get(digest) ?? ""))),
    findById: (tenantId, id) =>
      Effect.sync(() => Option.fromNullable(rows.get(id)).pipe(Option.filter((k) => k.tenantId === tenantId))),
    listByTenant: (tenantId) =>
      Effect.sync(() => [...rows.values()].filter((k) => k.tenantId === tenantId).sort(byNewest((k) => k.createdAt))),
    revoke: (tenantId, id, at) =>
      Effect.sync(() => {
        const key = rows.get(id)
        if (key === undefined || key.tenantId !== tenantId) return Option.none()
        const revoked = key.revokedAt === null ? { ...key, revokedAt: at } : key
        rows.set(id, revoked)
        return Option.some(revoked)
      })
  })
}

const makeUsage = () => {
  const rows: Array<UsageEntry> = []
  const ids = new Set<string>()
  return UsageLedger.of({
    append: (entry) =>
      Effect.suspend(() => {
        if (ids.has(entry.id)) return Effect.die(new Error("duplicate usage entry"))
        ids.add(entry.id)
        rows.push(entry)
        return Effect.void
      }),
    list: (tenantId, query = {}) =>
      Effect.sync(() =>
        rows
          .filter(
            (e) =>
              e.tenantId === tenantId &&
              (query.kind === undefined || e.kind === query.kind) &&
              (query.since === undefined || e.occurredAt.getTime() >= query.since.getTime())
          )
          .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : 1))
      )
  })
}

const makeCalls = () => {
  // Per tenant, kept sorted newest first so listing is a binary search plus a scan, like an index.
  const tenants = new Map<string, Array<Call>>()
  const ids = new Set<string>()
  const newest = byNewest<Call>((c) => c.startedAt)
  const firstOlder = (rows: ReadonlyArray<Call>, after: NonNullable<CallQuery["after"]>) => {
    let lo = 0
    let hi = rows.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (olderThan(rows[mid], after)) hi = mid
      else lo = mid + 1
    }
    return lo
  }
  return CallRepository.of({
    insertMany: (calls) =>
      Effect.sync(() => {
        let inserted = 0
        for (const call of calls) {
          const rows = tenants.get(call.tenantId) ?? []
          tenants.set(call.tenantId, rows)
          const identity = `${call.tenantId}/${call.id}`
          if (ids.has(identity)) continue
          ids.add(identity)
          let at = 0
          let hi = rows.length
          while (at < hi) {
            const mid = (at + hi) >>> 1
            if (newest(rows[mid], call) < 0) at = mid + 1
            else hi = mid
          }
          rows.splice(at, 0, call)
          inserted++
        }
        return inserted
      }),
    findById: (tenantId, id) =>
      Effect.sync(() => Option.fromNullable(tenants.get(tenantId)?.find((call) => call.id === id))),
    list: (tenantId, query) =>
      Effect.sync(() => {
        const rows = tenants.get(tenantId) ?? []
        const out: Array<Call> = []
        for (let i = query.after ? firstOlder(rows, query.after) : 0; i < rows.length && out.length < query.limit; i++) {
          const call = rows[i]
          if (query.direction !== undefined && call.direction !== query.direction) continue
          if (query.result !== undefined && call.result !== query.result) continue
          out.push(call)
        }
        return out
      }),
    totals: (tenantId, { dayStart, now, weekStart }) =>
      Effect.sync(() => {
        let secondsToday = 0
        let callsToday = 0
        let inboundOffered = 0
        let inboundAnswered = 0
        for (const call of tenants.get(tenantId) ?? []) {
          const t = call.startedAt.getTime()
          if (t > now.getTime()) continue
          if (t >= dayStart.getTime()) {
            secondsToday += call.durationSecs
            callsToday++
          }
          if (t >= weekStart.getTime() && call.direction === "inbound") {
            inboundOffered++
            if (call.result === ANSWERED_RESULT) inboundAnswered++
          }
        }
        return { secondsToday, callsToday, inboundOffered, inboundAnswered }
      })
  })
}

/** All storage ports in memory: the fake that behaves like the database adapters. */
export const layerMemoryStorage: Layer.Layer<StoragePorts> = Layer.syncContext(() => {
  const tenants = new Map<string, Tenant>()
  return Context.make(TenantRepository, makeTenants(tenants)).pipe(
    Context.add(ApiKeyRepository, makeApiKeys(tenants)),
    Context.add(UsageLedger, makeUsage()),
    Context.add(CallRepository, makeCalls())
  )
})
