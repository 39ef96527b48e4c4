import type { EmailTemplate } from "@servicekit/core/transactional"
import { TemplateRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"
import { makeTemplate, nameTaken, templatesNewestFirst } from "./transactionalFixtures.js"

export const templatesSuite: StorageSuite<TemplateRepository | TenantRepository> = {
  name: "email templates",
  tests: (it) => {
    it.effect("stores a template whole, finds it only within its tenant, and replaces it on update", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const template = makeTemplate(tenant.id)
        yield* templates.insert(template)
        // Ids are per tenant: another tenant's template with the same id and name is another template.
        const elsewhere = { ...template, tenantId: (yield* insertTenant()).id }
        yield* templates.insert(elsewhere)
        expect(yield* templates.find(tenant.id, template.id)).toEqual(Option.some(template))
        expect(yield* templates.find(uuid(), template.id)).toEqual(Option.none())
        expect(yield* templates.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* templates.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* templates.find("not-a-uuid", template.id)).toEqual(Option.none())

        const changed: EmailTemplate = {
          ...template,
          name: `receipt-${uuid()}`,
          body: { subject: "Receipt", html: "", text: "Paid {{amount}}" },
          from: { name: "Billing", address: "billing@mail.example.com" },
          updatedAt: at("2026-03-02T10:00:00.000Z")
        }
        yield* templates.update(changed)
        expect(yield* templates.find(tenant.id, template.id)).toEqual(Option.some(changed))
        // A sender without a display name keeps none.
        const bare: EmailTemplate = { ...changed, from: { address: "billing@mail.example.com" } }
        yield* templates.update(bare)
        expect(yield* templates.find(tenant.id, template.id)).toEqual(Option.some(bare))
        yield* templates.update(changed)
        expect(yield* templates.list(tenant.id, { limit: 10 })).toEqual([changed])
        expect(yield* templates.find(elsewhere.tenantId, template.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("lists a tenant's templates newest first (then by id), in keyset pages", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-03-01T00:00:00.000Z")
        // Three share a creation time, so the id decides their order.
        const stored = [0, 1, 1, 1, 2, 3, 5].map((minutes) =>
          makeTemplate(tenant.id, { createdAt: plus(base, minutes * MINUTE) })
        )
        for (const template of stored) yield* templates.insert(template)
        yield* templates.insert(makeTemplate(other.id, { createdAt: plus(base, 4 * MINUTE) }))
        const expected = [...stored].sort(templatesNewestFirst)

        expect(yield* templates.list(tenant.id, { limit: 100 })).toEqual(expected)
        expect(yield* templates.list(tenant.id, { limit: 2 })).toEqual(expected.slice(0, 2))
        for (const limit of [1, 2, 3, 7]) {
          expect(yield* allPages((after) => templates.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        const last = expected[expected.length - 1]
        expect(yield* templates.list(tenant.id, { limit: 5, after: last })).toEqual([])

        expect(yield* templates.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* templates.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("pages from a position whose id is no uuid, comparing the id as text", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const tie = at("2026-03-01T10:00:00.000Z")
        const older = makeTemplate(tenant.id, { createdAt: plus(tie, -MINUTE) })
        const tied = [makeTemplate(tenant.id, { createdAt: tie }), makeTemplate(tenant.id, { createdAt: tie })]
        const newer = makeTemplate(tenant.id, { createdAt: plus(tie, MINUTE) })
        for (const template of [older, ...tied, newer]) yield* templates.insert(template)
        // Every uuid sorts before "z" and after "" (nothing sorts before it).
        expect(yield* templates.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "z" } })).toEqual([
          ...[...tied].sort(templatesNewestFirst),
          older
        ])
        expect(yield* templates.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "" } })).toEqual([older])
      })
    )

    it.effect("refuses a name the tenant already uses, on insert and on rename; other tenants may use it", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const welcome = makeTemplate(tenant.id, { name: "welcome" })
        yield* templates.insert(welcome)
        expect(yield* Effect.flip(templates.insert(makeTemplate(tenant.id, { name: "welcome" })))).toEqual(nameTaken)

        const elsewhere = makeTemplate(other.id, { name: "welcome" })
        yield* templates.insert(elsewhere)
        expect(yield* templates.find(other.id, elsewhere.id)).toEqual(Option.some(elsewhere))

        const receipt = makeTemplate(tenant.id, { name: "receipt" })
        yield* templates.insert(receipt)
        expect(yield* Effect.flip(templates.update({ ...receipt, name: "welcome" }))).toEqual(nameTaken)
        expect(yield* templates.find(tenant.id, receipt.id)).toEqual(Option.some(receipt))

        // Keeping its own name is no conflict.
        const reworded = { ...welcome, body: { ...welcome.body, subject: "Hi" } }
        yield* templates.update(reworded)
        expect(yield* templates.find(tenant.id, welcome.id)).toEqual(Option.some(reworded))
      })
    )

    it.effect("removes a template only within its tenant, which frees its name", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const template = makeTemplate(tenant.id, { name: "welcome" })
        yield* templates.insert(template)

        expect(yield* templates.remove(other.id, template.id)).toBe(false)
        expect(yield* templates.remove(tenant.id, "not-a-uuid")).toBe(false)
        expect(yield* templates.remove("not-a-uuid", template.id)).toBe(false)
        expect(yield* templates.find(tenant.id, template.id)).toEqual(Option.some(template))

        expect(yield* templates.remove(tenant.id, template.id)).toBe(true)
        expect(yield* templates.find(tenant.id, template.id)).toEqual(Option.none())
        expect(yield* templates.remove(tenant.id, template.id)).toBe(false)

        const again = makeTemplate(tenant.id, { name: "welcome" })
        yield* templates.insert(again)
        expect(yield* templates.list(tenant.id, { limit: 10 })).toEqual([again])
      })
    )
  }
}
