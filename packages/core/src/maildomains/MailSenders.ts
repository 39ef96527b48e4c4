import { Clock, Effect, Layer, Option } from "effect"
import { SenderDomains, type SendingDomain, domainOf } from "../module/SenderDomains.js"
import { invalidField } from "../platform/Errors.js"
import { DnsResolver } from "../platform/Dns.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import type { MailDomain } from "./MailDomain.js"
import { MailDomainRepository } from "./MailDomainRepository.js"

/** A domain's key is read again after this long: a deleted domain's mail is unsigned within a minute. */
const KEY_HELD_MS = 60_000
/** The most keys one process holds; the oldest goes first. */
const MAX_KEYS_HELD = 1_000

/**
 * Sending domains as the products that send mail use them: an address is usable once its domain is
 * verified; mail from any domain the tenant still holds is signed with that domain's key.
 */
export const layerSenderDomains = Layer.effect(
  SenderDomains,
  Effect.gen(function* () {
    const domains = yield* MailDomainRepository
    const box = yield* SecretBox
    const dns = yield* DnsResolver
    const { mailBounceDomain } = yield* ServiceKitSettings
    // Every message of a domain is signed with its key: read and opened once a minute, not per message.
    const keys = new Map<string, { readonly sending: Option.Option<SendingDomain>; readonly until: number }>()
    /**
     * The domain's own return path, while its alias still names the platform's bounce domain: read
     * from DNS each time the key is, so a tenant cannot turn its bounces away from the platform
     * (and so from its suppressions and reputation) between two checks. Unsure, the platform's own.
     */
    const returnPathOf = (domain: MailDomain) => {
      const record = domain.records.find((one) => one.purpose === "return_path" && one.status === "ok")
      if (record === undefined || mailBounceDomain === undefined) return Effect.succeed(undefined)
      return dns.cname(record.name).pipe(
        Effect.map((targets) => (targets.includes(mailBounceDomain) ? record.name : undefined)),
        Effect.orElseSucceed(() => undefined)
      )
    }
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
      sendingFrom: (tenantId, address) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          const key = `${tenantId} ${domainOf(address)}`
          const held = keys.get(key)
          if (held !== undefined && held.until > now) return Effect.succeed(held.sending)
          return Effect.tap(
            Effect.flatMap(domains.findByName(tenantId, domainOf(address)), (found) =>
              Option.isNone(found)
                ? Effect.succeed(Option.none<SendingDomain>())
                : Effect.zipWith(box.open(found.value.dkimPrivateKeySealed), returnPathOf(found.value), (privateKey, returnPathDomain) =>
                    Option.some({
                      dkim: { domainName: found.value.domain, keySelector: found.value.selector, privateKey },
                      returnPathDomain
                    })
                  )
            ),
            (sending) =>
              Effect.sync(() => {
                if (keys.size >= MAX_KEYS_HELD) keys.delete(keys.keys().next().value!)
                keys.set(key, { sending, until: now + KEY_HELD_MS })
              })
          )
        })
    }
  })
)
