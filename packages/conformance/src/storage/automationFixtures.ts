import type { Vitest } from "@effect/vitest"
import type { Flow, Workflow } from "@servicekit/core/automations"
import type { Page, TenantRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { expect } from "vitest"
import { MINUTE, at, insertTenant, newestFirst, plus, uuid } from "./fixtures.js"

/** Workflows and flows as the automations storage suites write them, and the list tests both pass. */
export const makeWorkflow = (tenantId: string, overrides: Partial<Workflow> = {}): Workflow => ({
  id: uuid(),
  tenantId,
  name: "Welcome new customers",
  active: true,
  trigger: { schemaVersion: 1, type: "manual" },
  steps: [{ type: "log", message: "started" }],
  flowId: uuid(),
  revision: 1,
  createdAt: at("2026-04-01T09:00:00.000Z"),
  updatedAt: at("2026-04-01T09:00:00.000Z"),
  ...overrides
})

export const makeFlow = (tenantId: string, overrides: Partial<Flow> = {}): Flow => ({
  id: uuid(),
  tenantId,
  workflowId: uuid(),
  revision: 1,
  state: { name: "Welcome new customers", active: true, deleted: false },
  createdAt: at("2026-04-01T09:00:00.000Z"),
  updatedAt: at("2026-04-01T09:00:00.000Z"),
  ...overrides
})

/** Numbers at the edges of what a JSON number carries, and text in many scripts, nested. */
export const richJson = {
  schemaVersion: 1,
  numbers: [0, -1, 42, 1.5, -0.25, 0.1 + 0.2, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
  extremes: { largest: Number.MAX_VALUE, smallest: Number.MIN_VALUE },
  flags: [true, false, null],
  "clé ✓ 東京": "naïve café — 東京 — مرحبا — 👩‍💻🎉",
  escaped: 'she said "hi" \\ \n\ttab \u2028 </script> \u0001',
  nested: { deep: { deeper: [1, [2, [3, { four: 4, "": "empty key" }]]] }, empty: {}, none: [] }
}

export const richSteps = [
  { type: "skill", skill: "http.request", input: { url: "https://example.com/ü?q=1&r=✓", retries: 3 } },
  { type: "deliver", input: { to: "ada@example.com", subject: "Grüße 👋", amounts: [9.99, 0, -12.5] } },
  { type: "approval", checklist: [], data: richJson }
]

interface Stored {
  readonly tenantId: string
  readonly id: string
  readonly createdAt: Date
}

/** What the list tests need of a repository. */
interface Listing<A> {
  readonly save: (row: A) => Effect.Effect<void>
  readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<A>>
}

/** Every page from the start, following the keyset of each page's last row. */
export const allPages = <A extends Stored>(listing: Listing<A>, tenantId: string, limit: number) =>
  Effect.gen(function* () {
    const seen: Array<A> = []
    let after: Page["after"]
    for (let pages = 0; pages < 100; pages++) {
      const page = yield* listing.list(tenantId, { limit, after })
      expect(page.length).toBeLessThanOrEqual(limit)
      seen.push(...page)
      if (page.length < limit) return seen
      const last = page[page.length - 1]
      after = { createdAt: last.createdAt, id: last.id }
    }
    throw new Error("paging did not end")
  })

/** The list tests every newest-first repository of this module passes. */
export const listTests = <A extends Stored, R>(
  it: Vitest.MethodsNonLive<R | TenantRepository, true>,
  plural: string,
  repository: Effect.Effect<Listing<A>, never, R>,
  make: (tenantId: string, overrides: Partial<Stored>) => A
) => {
  const order = newestFirst<A>((row) => row.createdAt)

  it.effect(`lists a tenant's ${plural} newest first (then by id), in keyset pages`, () =>
    Effect.gen(function* () {
      const listing = yield* repository
      const tenant = yield* insertTenant()
      const other = yield* insertTenant()
      const base = at("2026-04-01T00:00:00.000Z")
      // Three share a creation time, so the id decides their order.
      const stored = [0, 1, 1, 1, 2, 3, 5].map((minutes) =>
        make(tenant.id, { createdAt: plus(base, minutes * MINUTE) })
      )
      for (const row of stored) yield* listing.save(row)
      // Another tenant's row between them, one with the same id, and one that is newest of all.
      yield* listing.save(make(other.id, { createdAt: plus(base, 4 * MINUTE) }))
      yield* listing.save(make(other.id, { id: stored[2].id, createdAt: plus(base, MINUTE) }))
      yield* listing.save(make(other.id, { createdAt: plus(base, 9 * MINUTE) }))
      const expected = [...stored].sort(order)

      expect(yield* listing.list(tenant.id, { limit: 100 })).toEqual(expected)
      expect(yield* listing.list(tenant.id, { limit: 2 })).toEqual(expected.slice(0, 2))
      for (const limit of [1, 2, 3, 7]) {
        expect(yield* allPages(listing, tenant.id, limit)).toEqual(expected)
      }
      // A position is exclusive: the rows after the third, and nothing after the last.
      expect(yield* listing.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
      expect(yield* listing.list(tenant.id, { limit: 5, after: expected[expected.length - 1] })).toEqual([])

      expect(yield* listing.list(uuid(), { limit: 10 })).toEqual([])
      expect(yield* listing.list("not-a-uuid", { limit: 10 })).toEqual([])
    })
  )

  it.effect(`pages ${plural} from a position whose id is no uuid, comparing the id as text`, () =>
    Effect.gen(function* () {
      const listing = yield* repository
      const tenant = yield* insertTenant()
      const tie = at("2026-04-01T10:00:00.000Z")
      const older = make(tenant.id, { createdAt: plus(tie, -MINUTE) })
      const tied = [make(tenant.id, { createdAt: tie }), make(tenant.id, { createdAt: tie })]
      const newer = make(tenant.id, { createdAt: plus(tie, MINUTE) })
      for (const row of [older, ...tied, newer]) yield* listing.save(row)
      // Every uuid sorts before "z" and after "" (nothing sorts before it).
      expect(yield* listing.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "z" } })).toEqual([
        ...[...tied].sort(order),
        older
      ])
      expect(yield* listing.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "" } })).toEqual([older])
      expect(yield* listing.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "ünï ✓" } })).toEqual([
        ...[...tied].sort(order),
        older
      ])
    })
  )
}
