import type { ActivityEntry } from "@servicekit/core/transactional"
import { ActivityLog, type TenantRepository, TRANSACTIONAL_SOURCE as SOURCE } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, DAY, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"
import { entriesNewestFirst, makeEntry } from "./transactionalFixtures.js"

export const activitySuite: StorageSuite<ActivityLog | TenantRepository> = {
  name: "activity log",
  tests: (it) => {
    it.effect("appends entries and finds each only within its tenant, metadata intact", () =>
      Effect.gen(function* () {
        const activity = yield* ActivityLog
        const tenant = yield* insertTenant()
        const failed = makeEntry(tenant.id, {
          status: "failed",
          templateId: uuid(),
          templateName: "welcome",
          error: "connection refused",
          metadata: { source: SOURCE, retrying: true, attempt: 1, message: { id: uuid(), tags: ["a", "b"] } }
        })
        const sent = makeEntry(tenant.id, { providerMessageId: "<abc@smtp.example>", metadata: {} })
        yield* activity.append(failed)
        yield* activity.append(sent)

        expect(yield* activity.find(tenant.id, failed.id)).toEqual(Option.some(failed))
        expect(yield* activity.find(tenant.id, sent.id)).toEqual(Option.some(sent))
        expect(yield* activity.find(uuid(), failed.id)).toEqual(Option.none())
        expect(yield* activity.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* activity.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* activity.find("not-a-uuid", failed.id)).toEqual(Option.none())
      })
    )

    it.effect("lists newest first (then by id) in keyset pages, of every source or of one", () =>
      Effect.gen(function* () {
        const activity = yield* ActivityLog
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-03-01T00:00:00.000Z")
        const sources: ReadonlyArray<Record<string, unknown>> = [
          { source: SOURCE },
          { source: "marketing_v1" },
          {},
          // A number is no match for the string "5".
          { source: 5 },
          { source: "5" }
        ]
        const stored = Array.from({ length: 15 }, (_, i) =>
          makeEntry(tenant.id, { createdAt: plus(base, Math.floor(i / 3) * MINUTE), metadata: sources[i % 5] })
        )
        for (const entry of stored) yield* activity.append(entry)
        yield* activity.append(makeEntry(other.id, { createdAt: plus(base, 2 * MINUTE) }))

        const expected = [...stored].sort(entriesNewestFirst)
        const ofSource = (source: string) => expected.filter((entry) => entry.metadata.source === source)
        expect(ofSource(SOURCE)).toHaveLength(3)
        expect(yield* activity.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 4, 15]) {
          expect(yield* allPages((after) => activity.list(tenant.id, { limit, after }), limit)).toEqual(expected)
          for (const source of [SOURCE, "marketing_v1", "5"]) {
            expect(yield* allPages((after) => activity.list(tenant.id, { limit, after, source }), limit)).toEqual(
              ofSource(source)
            )
          }
        }
        expect(yield* activity.list(tenant.id, { limit: 10, source: "automations_v1" })).toEqual([])
        expect(yield* activity.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* activity.list("not-a-uuid", { limit: 10, source: SOURCE })).toEqual([])
      })
    )

    it.effect(
      "counts one source's sent and not-retried failed deliveries in [from, to), per UTC day and template",
      () =>
        Effect.gen(function* () {
          const activity = yield* ActivityLog
          const tenant = yield* insertTenant()
          const other = yield* insertTenant()
          const from = at("2026-03-01T00:00:00.000Z")
          const to = at("2026-03-04T00:00:00.000Z")
          const welcome = "00000000-0000-4000-8000-00000000000a"
          const receipt = "00000000-0000-4000-8000-00000000000c"
          const reset = "00000000-0000-4000-8000-00000000000b"
          const entry = (createdAt: string, overrides: Partial<ActivityEntry> = {}) =>
            makeEntry(tenant.id, { createdAt: at(createdAt), ...overrides })
          const named = (templateId: string, templateName: string) => ({ templateId, templateName })
          const retrying = (retrying: unknown) => ({
            status: "failed" as const,
            metadata: { source: SOURCE, retrying }
          })
          const entries = [
            // Outside the window, another source, another tenant: none of these count.
            entry("2026-02-28T23:59:59.999Z", named(welcome, "Old")),
            entry("2026-03-04T00:00:00.000Z", named(welcome, "Too late")),
            entry("2026-03-02T08:00:00.000Z", { ...named(welcome, "Marketing"), metadata: { source: "marketing_v1" } }),
            entry("2026-03-02T08:00:00.000Z", { metadata: {} }),
            makeEntry(other.id, { createdAt: at("2026-03-02T08:00:00.000Z") }),
            // Day 1: from itself counts.
            entry("2026-03-01T00:00:00.000Z"),
            entry("2026-03-01T08:00:00.000Z", named(welcome, "Welcome")),
            entry("2026-03-01T09:00:00.000Z", { ...named(welcome, "Welcome"), ...retrying(true) }),
            entry("2026-03-01T10:00:00.000Z", { ...named(welcome, "Welcome"), ...retrying(false) }),
            // Day 2, to its last millisecond.
            entry("2026-03-02T12:00:00.000Z"),
            entry("2026-03-02T23:59:59.999Z", named(welcome, "Welcome v2")),
            // Day 3: a retried failure counts nowhere and does not name its template; only `true` means retried.
            entry("2026-03-03T00:00:00.000Z", named(receipt, "Receipt")),
            entry("2026-03-03T01:00:00.000Z", { ...named(welcome, "Welcome v3"), ...retrying(true) }),
            entry("2026-03-03T02:00:00.000Z", { ...named(receipt, "Receipt"), ...retrying("true") }),
            entry("2026-03-03T03:00:00.000Z", { ...named(reset, "Reset"), status: "failed", error: "550" }),
            entry("2026-03-03T04:00:00.000Z", named(reset, "Reset password"))
          ]
          for (const appended of entries) yield* activity.append(appended)

          expect(yield* activity.statistics(tenant.id, { from, to, source: SOURCE })).toEqual({
            byDay: [
              { day: "2026-03-01", sent: 2, failed: 1 },
              { day: "2026-03-02", sent: 2, failed: 0 },
              { day: "2026-03-03", sent: 2, failed: 2 }
            ],
            byTemplate: [
              { templateId: welcome, templateName: "Welcome v2", sent: 2, failed: 1 },
              // Equal totals: no template first, then by id.
              { templateId: null, templateName: null, sent: 2, failed: 0 },
              { templateId: reset, templateName: "Reset password", sent: 1, failed: 1 },
              { templateId: receipt, templateName: "Receipt", sent: 1, failed: 1 }
            ]
          })

          expect(
            yield* activity.statistics(tenant.id, {
              from: plus(from, DAY),
              to: plus(from, 2 * DAY),
              source: SOURCE
            })
          ).toEqual({
            byDay: [{ day: "2026-03-02", sent: 2, failed: 0 }],
            byTemplate: [
              { templateId: null, templateName: null, sent: 1, failed: 0 },
              { templateId: welcome, templateName: "Welcome v2", sent: 1, failed: 0 }
            ]
          })
          expect(yield* activity.statistics(tenant.id, { from, to, source: "marketing_v1" })).toEqual({
            byDay: [{ day: "2026-03-02", sent: 1, failed: 0 }],
            byTemplate: [{ templateId: welcome, templateName: "Marketing", sent: 1, failed: 0 }]
          })
          const none = { byDay: [], byTemplate: [] }
          expect(yield* activity.statistics(tenant.id, { from: to, to: plus(to, DAY), source: "nobody" })).toEqual(none)
          expect(yield* activity.statistics(uuid(), { from, to, source: SOURCE })).toEqual(none)
          expect(yield* activity.statistics("not-a-uuid", { from, to, source: SOURCE })).toEqual(none)
        })
    )
  }
}
