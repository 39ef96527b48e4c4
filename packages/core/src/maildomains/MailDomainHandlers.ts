import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { actorTenant } from "../http/Security.js"
import type { MailDomain } from "./MailDomain.js"
import { MailDomainService } from "./MailDomainService.js"
import { MailDomainsApi } from "./MailDomainsApi.js"

const domainJson = (domain: MailDomain) => ({
  id: domain.id,
  domain: domain.domain,
  status: domain.status,
  failure: domain.failure,
  dkimSelector: domain.selector,
  records: domain.records,
  checkedAt: domain.checkedAt,
  verifiedAt: domain.verifiedAt,
  createdAt: domain.createdAt
})

export const mailDomainHandlers = implement(
  MailDomainsApi,
  Effect.gen(function* () {
    const domains = yield* MailDomainService
    return {
      addMailDomain: ({ payload }) =>
        Effect.flatMap(actorTenant(true), (tenantId) => Effect.map(domains.add(tenantId, payload.domain), domainJson)),
      listMailDomains: () =>
        Effect.flatMap(actorTenant(false), (tenantId) =>
          Effect.map(domains.list(tenantId), (listed) => ({ data: listed.map(domainJson) }))
        ),
      getMailDomain: ({ path }) =>
        Effect.flatMap(actorTenant(false), (tenantId) => Effect.map(domains.get(tenantId, path.id), domainJson)),
      verifyMailDomain: ({ path }) =>
        Effect.flatMap(actorTenant(true), (tenantId) => Effect.map(domains.verify(tenantId, path.id), domainJson)),
      deleteMailDomain: ({ path }) =>
        Effect.flatMap(actorTenant(true), (tenantId) => Effect.asVoid(domains.remove(tenantId, path.id)))
    }
  })
)
