import { Effect, Layer, Option } from "effect"
import { SenderDomains, domainOf } from "../module/SenderDomains.js"
import { invalidField } from "../platform/Errors.js"
import { SecretBox } from "../platform/SecretBox.js"
import { MailDomainRepository } from "./MailDomainRepository.js"

/**
 * Sending domains as the products that send mail use them: an address is usable once its domain is
 * verified; mail from any domain the tenant still holds is signed with that domain's key.
 */
export const layerSenderDomains = Layer.effect(
  SenderDomains,
  Effect.gen(function* () {
    const domains = yield* MailDomainRepository
    const box = yield* SecretBox
    return {
      requireVerified: (tenantId, address, field) =>
        Effect.flatMap(domains.findByName(tenantId, domainOf(address)), (found) =>
          Option.isSome(found) && found.value.status === "verified"
            ? Effect.void
            : invalidField(
                field,
                Option.isNone(found)
                  ? `is on ${domainOf(address)}, which is not a sending domain of the account: add and verify it first`
                  : `is on ${found.value.domain}, which is ${found.value.status}, not verified: publish its records and verify it`
              )
        ),
      dkimFor: (tenantId, address) =>
        Effect.flatMap(domains.findByName(tenantId, domainOf(address)), (found) =>
          Option.isNone(found)
            ? Effect.succeed(Option.none())
            : Effect.map(box.open(found.value.dkimPrivateKeySealed), (privateKey) =>
                Option.some({ domainName: found.value.domain, keySelector: found.value.selector, privateKey })
              )
        )
    }
  })
)
