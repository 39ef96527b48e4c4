import { Effect } from "effect"
import { expect } from "vitest"
import { UniqueViolation, UsageLedger } from "@servicekit/core/internal"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, at, makeEntry, oldestFirst, plus, uuid } from "./fixtures.js"

export const usageSuite: StorageSuite<UsageLedger> = {
  name: "usage ledger",
  tests: (it) => {
    it.effect("lists a tenant's entries oldest first, filtered by kind and since", () =>
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
    )

    it.effect("refuses a second entry with the same id with a typed UniqueViolation", () =>
      Effect.gen(function* () {
        const usage = yield* UsageLedger
        const entry = makeEntry(uuid())
        yield* usage.append(entry)
        expect(yield* Effect.flip(usage.append({ ...entry, quantity: 5 }))).toEqual(
          new UniqueViolation({ constraint: "usage_entries_pkey" })
        )
        expect(yield* usage.list(entry.tenantId)).toEqual([entry])
      })
    )
  }
}
