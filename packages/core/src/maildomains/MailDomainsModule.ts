import { Effect, Layer } from "effect"
import { groups } from "../http/Implement.js"
import { defineModule } from "../module/ProductModule.js"
import { mailDomainHandlers } from "./MailDomainHandlers.js"
import { MailDomainRepository } from "./MailDomainRepository.js"
import { MailDomainService, RECHECK_MS } from "./MailDomainService.js"
import { MAIL_DOMAINS_SCOPE } from "./MailDomainsApi.js"
import { mailDomainsSettings } from "./MailDomainsSettings.js"
import { layerSenderDomains } from "./MailSenders.js"

/**
 * Sending domains: a tenant's own domains, each with the DKIM key its mail is signed with and the
 * DNS records to publish, checked against DNS. The mail pipeline of any product sends from them.
 */
export const mailDomains = defineModule({
  name: "maildomains",
  scopes: [MAIL_DOMAINS_SCOPE],
  settings: mailDomainsSettings,
  groups: groups(mailDomainHandlers),
  services: Layer.merge(MailDomainService.layer, layerSenderDomains),
  memory: MailDomainRepository.layerMemory,
  periodic: [
    {
      name: "mail-domains.recheck",
      // Often enough that a pass finds each domain at most one period after its last check.
      every: () => RECHECK_MS / 12,
      run: Effect.flatMap(MailDomainService, (domains) => domains.recheck)
    }
  ]
})
