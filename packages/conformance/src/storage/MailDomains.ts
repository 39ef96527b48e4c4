import { type MailDomain, MailDomainRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"

const makeDomain = (tenantId: string, domain: string, extra: Partial<MailDomain> = {}): MailDomain => ({
  tenantId,
  id: uuid(),
  domain,
  selector: "sk0a1b2c3d",
  dkimPublicKey: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA",
  dkimPrivateKeySealed: "v1.sealed",
  status: "pending",
  records: [
    {
      purpose: "dkim",
      type: "TXT",
      name: `sk0a1b2c3d._domainkey.${domain}`,
      value: "v=DKIM1; k=rsa; p=MIIB",
      required: true,
      status: "unchecked",
      found: []
    }
  ],
  failure: null,
  checkedAt: null,
  verifiedAt: null,
  createdAt: at("2026-11-20T10:00:00.000Z"),
  ...extra
})

export const mailDomainsSuite: StorageSuite<MailDomainRepository | TenantRepository> = {
  name: "mail domains",
  tests: (it) => {
    it.effect("stores a tenant's domain once by name, finds and lists it within its tenant, and removes it", () =>
      Effect.gen(function* () {
        const domains = yield* MailDomainRepository
        const [tenant, other] = [yield* insertTenant(), yield* insertTenant()]
        const mail = makeDomain(tenant.id, "mail.example.com")
        const news = makeDomain(tenant.id, "news.example.com")
        expect(yield* domains.insert(news)).toBe(true)
        expect(yield* domains.insert(mail)).toBe(true)
        expect(yield* domains.insert({ ...mail, id: uuid() })).toBe(false)
        // Another tenant may claim the same name: DNS decides whose key is published.
        const claimed = makeDomain(other.id, "mail.example.com")
        expect(yield* domains.insert(claimed)).toBe(true)

        expect(yield* domains.find(tenant.id, mail.id)).toEqual(Option.some(mail))
        expect(yield* domains.find(other.id, mail.id)).toEqual(Option.none())
        expect(yield* domains.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* domains.findByName(tenant.id, "mail.example.com")).toEqual(Option.some(mail))
        expect(yield* domains.list(tenant.id)).toEqual([mail, news])
        expect(yield* domains.list(other.id)).toEqual([claimed])

        expect(yield* domains.remove(other.id, mail.id)).toBe(false)
        expect(yield* domains.remove(tenant.id, mail.id)).toBe(true)
        expect(yield* domains.remove(tenant.id, mail.id)).toBe(false)
        expect(yield* domains.list(tenant.id)).toEqual([news])
      })
    )

    it.effect("saves a check's outcome, and lists the domains checked longest ago, never checked first", () =>
      Effect.gen(function* () {
        const domains = yield* MailDomainRepository
        const tenant = yield* insertTenant()
        // Long before any other test's checks: the reads below see only this test's.
        const [fresh, old, recent] = [
          makeDomain(tenant.id, `fresh-${uuid()}.example`),
          makeDomain(tenant.id, `old-${uuid()}.example`, { checkedAt: at("2000-01-01T00:00:00.000Z") }),
          makeDomain(tenant.id, `recent-${uuid()}.example`, { checkedAt: at("2000-01-03T00:00:00.000Z") })
        ]
        for (const domain of [recent, fresh, old]) yield* domains.insert(domain)
        const verified = {
          tenantId: tenant.id,
          id: old.id,
          status: "verified" as const,
          records: [{ ...old.records[0]!, status: "ok" as const, found: ["v=DKIM1; k=rsa; p=MIIB"] }],
          failure: null,
          checkedAt: at("2000-01-02T00:00:00.000Z"),
          verifiedAt: at("2000-01-02T00:00:00.000Z")
        }
        yield* domains.saveCheck(verified)
        expect(yield* domains.find(tenant.id, old.id)).toEqual(Option.some({ ...old, ...verified }))

        const due = (yield* domains.dueForCheck(at("2000-01-04T00:00:00.000Z"), 1_000)).filter(
          (domain) => domain.tenantId === tenant.id
        )
        expect(due.map((domain) => domain.id)).toEqual([fresh.id, old.id, recent.id])
        const before = (yield* domains.dueForCheck(at("2000-01-02T12:00:00.000Z"), 1_000)).filter(
          (domain) => domain.tenantId === tenant.id
        )
        expect(before.map((domain) => domain.id)).toEqual([fresh.id, old.id])
      })
    )
  }
}
