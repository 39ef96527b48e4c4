import type { Visitor, VisitorToken, Widget } from "@servicekit/core/chat"
import {
  type TenantRepository,
  type UnitOfWork,
  VisitorRepository,
  VisitorTokenRepository,
  WidgetRepository,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"
import { makeUpsert, makeWidget, siteKey, richAttributes, visitorsNewestFirst } from "./chatFixtures.js"

export const visitorsSuite: StorageSuite<VisitorRepository | TenantRepository> = {
  name: "chat visitors",
  tests: (it) => {
    it.effect("creates a visitor on the first upsert and finds it only within its tenant", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const input = makeUpsert(tenant.id)
        const created = yield* visitors.upsert(input)
        // Nothing given: null fields and no attributes.
        const expected: Visitor = {
          id: input.id,
          tenantId: tenant.id,
          externalId: input.externalId,
          displayName: null,
          email: null,
          attributes: {},
          createdAt: input.at,
          updatedAt: input.at
        }
        expect(created).toEqual(expected)

        expect(yield* visitors.find(tenant.id, input.id)).toEqual(Option.some(expected))
        expect(yield* visitors.findByExternalId(tenant.id, input.externalId)).toEqual(Option.some(expected))
        expect(yield* visitors.find(other.id, input.id)).toEqual(Option.none())
        expect(yield* visitors.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* visitors.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* visitors.find("not-a-uuid", input.id)).toEqual(Option.none())
        expect(yield* visitors.findByExternalId(other.id, input.externalId)).toEqual(Option.none())
        expect(yield* visitors.findByExternalId(tenant.id, `${input.externalId}-2`)).toEqual(Option.none())
        expect(yield* visitors.findByExternalId("not-a-uuid", input.externalId)).toEqual(Option.none())
        expect(yield* visitors.list(other.id, { limit: 10 })).toEqual([])
      })
    )

    it.effect("updates the visitor on later upserts: null keeps a field, a value replaces it", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const first = makeUpsert(tenant.id, {
          externalId: "user-42 ✓",
          displayName: "Ada",
          email: "ada@example.com",
          attributes: richAttributes
        })
        const created = yield* visitors.upsert(first)
        expect(created.attributes).toEqual(richAttributes)

        // A new id and nothing else: the stored visitor, its id and createdAt kept.
        const later = plus(first.at, MINUTE)
        const kept = yield* visitors.upsert(makeUpsert(tenant.id, { externalId: first.externalId, at: later }))
        expect(kept).toEqual({ ...created, updatedAt: later })

        // Attributes are replaced whole, never merged.
        const latest = plus(first.at, 2 * MINUTE)
        const changed = yield* visitors.upsert(
          makeUpsert(tenant.id, {
            externalId: first.externalId,
            displayName: "Ada Lovelace",
            attributes: { tier: 2 },
            at: latest
          })
        )
        const expected: Visitor = {
          ...created,
          displayName: "Ada Lovelace",
          attributes: { tier: 2 },
          updatedAt: latest
        }
        expect(changed).toEqual(expected)
        expect(yield* visitors.find(tenant.id, first.id)).toEqual(Option.some(expected))
        expect(yield* visitors.list(tenant.id, { limit: 10 })).toEqual([expected])
      })
    )

    it.effect("never merges visitors of other tenants or other externalIds", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const ada = yield* visitors.upsert(makeUpsert(tenant.id, { externalId: "user-1", displayName: "Ada" }))
        // Same externalId in another tenant, same id even: another visitor.
        const elsewhere = yield* visitors.upsert(
          makeUpsert(other.id, { id: ada.id, externalId: "user-1", displayName: "Grace" })
        )
        // An externalId differing only in case is another externalId.
        const upper = yield* visitors.upsert(makeUpsert(tenant.id, { externalId: "USER-1", displayName: "Alan" }))

        expect(elsewhere.displayName).toBe("Grace")
        expect(upper.id).not.toBe(ada.id)
        expect(yield* visitors.find(tenant.id, ada.id)).toEqual(Option.some(ada))
        expect(yield* visitors.find(other.id, ada.id)).toEqual(Option.some(elsewhere))
        expect(yield* visitors.findByExternalId(tenant.id, "USER-1")).toEqual(Option.some(upper))
        expect(yield* visitors.list(other.id, { limit: 10 })).toEqual([elsewhere])
        expect(yield* visitors.list(tenant.id, { limit: 10 })).toEqual([ada, upper].sort(visitorsNewestFirst))
      })
    )

    it.effect("ends two first upserts of one externalId at once with one visitor", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const externalId = `user-${uuid()}`
        const results = yield* Effect.all(
          Array.from({ length: 5 }, (_, i) =>
            visitors.upsert(makeUpsert(tenant.id, { externalId, displayName: `Try ${i}` }))
          ),
          { concurrency: "unbounded" }
        )
        expect(new Set(results.map((visitor) => visitor.id)).size).toBe(1)
        const stored = yield* visitors.list(tenant.id, { limit: 10 })
        expect(stored).toHaveLength(1)
        expect(stored[0].id).toBe(results[0].id)
      })
    )

    it.effect("lists a tenant's visitors newest first (then by id), in keyset pages", () =>
      Effect.gen(function* () {
        const visitors = yield* VisitorRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-05-01T00:00:00.000Z")
        const stored: Array<Visitor> = []
        // Three share a creation time, so the id decides their order.
        for (const minutes of [0, 1, 1, 1, 2, 3, 5]) {
          stored.push(yield* visitors.upsert(makeUpsert(tenant.id, { at: plus(base, minutes * MINUTE) })))
        }
        yield* visitors.upsert(makeUpsert(other.id, { at: plus(base, 4 * MINUTE) }))
        // An update keeps the visitor's place.
        const updatedAt = plus(base, 9 * MINUTE)
        stored[0] = yield* visitors.upsert(
          makeUpsert(tenant.id, { externalId: stored[0].externalId, email: "a@example.com", at: updatedAt })
        )
        const expected = [...stored].sort(visitorsNewestFirst)

        expect(yield* visitors.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 3, 7]) {
          expect(yield* allPages((after) => visitors.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* visitors.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        expect(yield* visitors.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* visitors.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )
  }
}

export const widgetsSuite: StorageSuite<WidgetRepository | TenantRepository> = {
  name: "chat widgets",
  tests: (it) => {
    it.effect("stores the tenant's first widget and answers it ever after; finds it by site key", () =>
      Effect.gen(function* () {
        const widgets = yield* WidgetRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const first = makeWidget(tenant.id)
        const second: Widget = { ...first, siteKey: siteKey(), createdAt: at("2026-05-02T09:00:00.000Z") }
        expect(yield* widgets.ensure(first)).toEqual(first)
        expect(yield* widgets.ensure(second)).toEqual(first)
        expect(yield* widgets.findBySiteKey(first.siteKey)).toEqual(Option.some(first))
        expect(yield* widgets.findBySiteKey(second.siteKey)).toEqual(Option.none())

        const elsewhere: Widget = { ...first, tenantId: other.id, siteKey: siteKey() }
        expect(yield* widgets.ensure(elsewhere)).toEqual(elsewhere)
        expect(yield* widgets.findBySiteKey(elsewhere.siteKey)).toEqual(Option.some(elsewhere))
        expect(yield* widgets.findBySiteKey(first.siteKey)).toEqual(Option.some(first))
        expect(yield* widgets.findBySiteKey(first.siteKey.toUpperCase())).toEqual(Option.none())
        expect(yield* widgets.findBySiteKey("")).toEqual(Option.none())
      })
    )

    it.effect("ends concurrent first widgets of one tenant with one widget, answered to each", () =>
      Effect.gen(function* () {
        const widgets = yield* WidgetRepository
        const tenant = yield* insertTenant()
        const candidates = Array.from(
          { length: 5 },
          () => makeWidget(tenant.id)
        )
        const results = yield* Effect.all(
          candidates.map((widget) => widgets.ensure(widget)),
          { concurrency: "unbounded" }
        )
        const winner = results[0]
        expect(candidates).toContainEqual(winner)
        for (const result of results) expect(result).toEqual(winner)
        for (const candidate of candidates) {
          expect(yield* widgets.findBySiteKey(candidate.siteKey)).toEqual(
            candidate.siteKey === winner.siteKey ? Option.some(winner) : Option.none()
          )
        }
      })
    )

    it.effect("keeps the tenant's sealed identity secret, replaced whole by the next, apart from other tenants", () =>
      Effect.gen(function* () {
        const widgets = yield* WidgetRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const widget = yield* widgets.ensure({ tenantId: tenant.id, siteKey: siteKey(), createdAt: at("2026-05-01T09:00:00.000Z") })
        const theirs = yield* widgets.ensure({ tenantId: other.id, siteKey: siteKey(), createdAt: at("2026-05-01T09:00:00.000Z") })
        const first = { ...widget, identitySecret: "v1.sealed-one", identitySecretAt: at("2026-05-02T09:00:00.000Z") }
        expect(yield* widgets.setIdentitySecret(tenant.id, "v1.sealed-one", at("2026-05-02T09:00:00.000Z"))).toEqual(Option.some(first))
        expect(yield* widgets.findBySiteKey(widget.siteKey)).toEqual(Option.some(first))
        // Ensuring again keeps it; the next replaces it.
        expect(yield* widgets.ensure({ tenantId: tenant.id, siteKey: siteKey(), createdAt: at("2026-05-03T09:00:00.000Z") })).toEqual(first)
        const second = { ...widget, identitySecret: "v1.sealed-two", identitySecretAt: at("2026-05-04T09:00:00.000Z") }
        expect(yield* widgets.setIdentitySecret(tenant.id, "v1.sealed-two", at("2026-05-04T09:00:00.000Z"))).toEqual(Option.some(second))
        expect(yield* widgets.findBySiteKey(theirs.siteKey)).toEqual(Option.some(theirs))
        const lonely = yield* insertTenant()
        expect(yield* widgets.setIdentitySecret(lonely.id, "v1.x", at("2026-05-04T09:00:00.000Z"))).toEqual(Option.none())
        expect(yield* widgets.setIdentitySecret("not-a-uuid", "v1.x", at("2026-05-04T09:00:00.000Z"))).toEqual(Option.none())
      })
    )

    it.effect("keeps the tenant's appearance, the platform's until set, replaced whole, beside its identity secret", () =>
      Effect.gen(function* () {
        const widgets = yield* WidgetRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const widget = yield* widgets.ensure({ tenantId: tenant.id, siteKey: siteKey(), createdAt: at("2026-05-01T09:00:00.000Z") })
        const theirs = yield* widgets.ensure({ tenantId: other.id, siteKey: siteKey(), createdAt: at("2026-05-01T09:00:00.000Z") })
        expect(widget.appearance).toEqual({
          displayName: null,
          accentColor: null,
          greeting: null,
          launcherPosition: "right",
          updatedAt: null
        })
        yield* widgets.setIdentitySecret(tenant.id, "v1.sealed", at("2026-05-02T09:00:00.000Z"))
        const appearance = {
          displayName: "Acme <b>Support</b>",
          accentColor: "#0b6e4f",
          greeting: "Hello!\nWe answer within the hour.",
          launcherPosition: "left" as const,
          updatedAt: at("2026-05-03T09:00:00.000Z")
        }
        const changed = { ...widget, identitySecret: "v1.sealed", identitySecretAt: at("2026-05-02T09:00:00.000Z"), appearance }
        expect(yield* widgets.setAppearance(tenant.id, appearance)).toEqual(Option.some(changed))
        expect(yield* widgets.findBySiteKey(widget.siteKey)).toEqual(Option.some(changed))
        const cleared = { ...appearance, displayName: null, greeting: null, updatedAt: at("2026-05-04T09:00:00.000Z") }
        expect(yield* widgets.setAppearance(tenant.id, cleared)).toEqual(Option.some({ ...changed, appearance: cleared }))
        expect(yield* widgets.findBySiteKey(theirs.siteKey)).toEqual(Option.some(theirs))
        const lonely = yield* insertTenant()
        expect(yield* widgets.setAppearance(lonely.id, appearance)).toEqual(Option.none())
        expect(yield* widgets.setAppearance("not-a-uuid", appearance)).toEqual(Option.none())
      })
    )
  }
}

export const visitorTokensSuite: StorageSuite<VisitorTokenRepository | TenantRepository | UnitOfWork> = {
  name: "chat visitor tokens",
  tests: (it) => {
    it.effect("stores a token under its digest and finds it by the digest alone", () =>
      Effect.gen(function* () {
        const tokens = yield* VisitorTokenRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const token: VisitorToken = {
          digest: (uuid() + uuid()).replaceAll("-", ""),
          tenantId: tenant.id,
          visitorId: uuid(),
          conversationId: uuid(),
          expiresAt: at("2026-05-02T09:00:00.000Z"),
          createdAt: at("2026-05-01T09:00:00.000Z")
        }
        const another: VisitorToken = { ...token, digest: (uuid() + uuid()).replaceAll("-", ""), tenantId: other.id }
        yield* tokens.insert(token)
        yield* tokens.insert(another)
        expect(yield* tokens.find(token.digest)).toEqual(Option.some(token))
        expect(yield* tokens.find(another.digest)).toEqual(Option.some(another))
        expect(yield* tokens.find(token.digest.toUpperCase())).toEqual(Option.none())
        expect(yield* tokens.find(token.digest.slice(1))).toEqual(Option.none())
        expect(yield* tokens.find("")).toEqual(Option.none())
      })
    )

    it.effect("prunes tokens that expired before a time, longest expired first, of one tenant or of all", () =>
      Effect.gen(function* () {
        const tokens = yield* VisitorTokenRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        // Long before any other suite's rows: the prune of every tenant reads them all.
        const expiring = (tenantId: string, expiresAt: string): VisitorToken => ({
          digest: (uuid() + uuid()).replaceAll("-", ""),
          tenantId,
          visitorId: uuid(),
          conversationId: uuid(),
          expiresAt: at(expiresAt),
          createdAt: at("1994-01-01T00:00:00.000Z")
        })
        const [first, second, valid, theirs] = [
          expiring(tenant.id, "1995-01-01T00:00:00.000Z"),
          expiring(tenant.id, "1995-02-01T00:00:00.000Z"),
          expiring(tenant.id, "1995-07-01T00:00:00.000Z"),
          expiring(other.id, "1995-01-01T00:00:00.000Z")
        ]
        for (const token of [second, valid, first, theirs]) yield* tokens.insert(token)
        const kept = () => Effect.forEach([first, second, valid, theirs], (token) => Effect.map(tokens.find(token.digest), Option.isSome))
        const before = at("1995-06-01T00:00:00.000Z")
        expect(yield* tokens.pruneExpired(before, 1, tenant.id)).toBe(1)
        expect(yield* kept()).toEqual([false, true, true, true])
        expect(yield* tokens.pruneExpired(before, 10, tenant.id)).toBe(1)
        expect(yield* tokens.pruneExpired(before, 10, tenant.id)).toBe(0)
        expect(yield* tokens.pruneExpired(before, 10, "not-a-uuid")).toBe(0)
        expect(yield* kept()).toEqual([false, false, true, true])
        expect(yield* tokens.pruneExpired(before, 1_000)).toBeGreaterThanOrEqual(1)
        expect(yield* kept()).toEqual([false, false, true, false])
      })
    )

    it.effect("keeps no token of a unit of work that rolled back", () =>
      Effect.gen(function* () {
        const tokens = yield* VisitorTokenRepository
        const tenant = yield* insertTenant()
        const token: VisitorToken = {
          digest: (uuid() + uuid()).replaceAll("-", ""),
          tenantId: tenant.id,
          visitorId: uuid(),
          conversationId: uuid(),
          expiresAt: at("2026-05-02T09:00:00.000Z"),
          createdAt: at("2026-05-01T09:00:00.000Z")
        }
        yield* Effect.exit(withTransaction(Effect.zipRight(tokens.insert(token), Effect.fail("declined"))))
        expect(yield* tokens.find(token.digest)).toEqual(Option.none())
      })
    )
  }
}
