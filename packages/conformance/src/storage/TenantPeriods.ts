import { TenantPeriodRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant } from "./fixtures.js"

export const tenantPeriodsSuite: StorageSuite<TenantPeriodRepository | TenantRepository> = {
  name: "tenant retention periods",
  tests: (it) => {
    it.effect("keeps one period a tenant and kind, replaced and removed, and pages a kind's by tenant", () =>
      Effect.gen(function* () {
        const periods = yield* TenantPeriodRepository
        const tenants = [yield* insertTenant(), yield* insertTenant(), yield* insertTenant()].map((tenant) => tenant.id).sort()
        const [first, second, third] = tenants as [string, string, string]
        const updatedAt = at("2026-11-20T10:00:00.000Z")
        yield* periods.set({ tenantId: first, kind: "webhooks.deliveries", days: 30, updatedAt })
        yield* periods.set({ tenantId: first, kind: "chat.conversations", days: 365, updatedAt })
        yield* periods.set({ tenantId: second, kind: "webhooks.deliveries", days: 7, updatedAt })
        yield* periods.set({ tenantId: third, kind: "webhooks.deliveries", days: 60, updatedAt })
        const later = at("2026-11-21T10:00:00.000Z")
        yield* periods.set({ tenantId: first, kind: "webhooks.deliveries", days: 14, updatedAt: later })

        const ofFirst = [...(yield* periods.of(first))].sort((a, b) => a.kind.localeCompare(b.kind))
        expect(ofFirst).toEqual([
          { tenantId: first, kind: "chat.conversations", days: 365, updatedAt },
          { tenantId: first, kind: "webhooks.deliveries", days: 14, updatedAt: later }
        ])
        const page = yield* periods.ofKind("webhooks.deliveries", null, 2)
        expect(page.map((period) => [period.tenantId, period.days])).toEqual([
          [first, 14],
          [second, 7]
        ])
        expect((yield* periods.ofKind("webhooks.deliveries", second, 2)).map((period) => period.tenantId)).toEqual([third])

        yield* periods.remove(first, "webhooks.deliveries")
        yield* periods.remove(first, "webhooks.deliveries")
        expect((yield* periods.of(first)).map((period) => period.kind)).toEqual(["chat.conversations"])
        expect((yield* periods.ofKind("webhooks.deliveries", null, 10)).map((period) => period.tenantId)).toEqual([second, third])
      })
    )
  }
}
