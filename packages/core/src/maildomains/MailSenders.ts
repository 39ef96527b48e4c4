import { Clock, Effect, Layer, Option } from "effect"
import { type DkimKey, SenderDomains, domainOf } from "../module/SenderDomains.js"
import { invalidField } from "../platform/Errors.js"
import { SecretBox } from "../platform/SecretBox.js"
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
    // Every message of a domain is signed with its key: read and opened once a minute, not per message.
    const keys = new Map<string, { readonly dkim: Option.Option<DkimKey>; readonly until: number }>()
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
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          const key = `${tenantId} ${domainOf(address)}`
          const held = keys.get(key)
          if (held !== undefined && held.until > now) return Effect.succeed(held.dkim)
          return Effect.tap(
            Effect.flatMap(domains.findByName(tenantId, domainOf(address)), (found) =>
              Option.isNone(found)
                ? Effect.succeed(Option.none<DkimKey>())
                : Effect.map(box.open(found.value.dkimPrivateKeySealed), (privateKey) =>
                    Option.some({ domainName: found.value.domain, keySelector: found.value.selector, privateKey })
                  )
            ),
            (dkim) =>
              Effect.sync(() => {
                if (keys.size >= MAX_KEYS_HELD) keys.delete(keys.keys().next().value!)
                keys.set(key, { dkim, until: now + KEY_HELD_MS })
              })
          )
        })
    }
  })
)
