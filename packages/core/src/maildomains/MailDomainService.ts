import { Clock, Context, Effect, Layer, Option } from "effect"
import { SecretCrypto, randomBase36, randomUuid, toBase64 } from "../platform/Crypto.js"
import { DnsResolver } from "../platform/Dns.js"
import { notEntitled } from "../platform/Entitlements.js"
import { type PermissionDenied, type TenantNotFound, type ValidationFailed, invalidField } from "../platform/Errors.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { TenantService } from "../platform/TenantService.js"
import {
  type MailDomain,
  MAX_DOMAINS_PER_TENANT,
  checkRecord,
  expectedRecords,
  normalizeDomain,
  statusAfterCheck
} from "./MailDomain.js"
import { DnsLookupUnavailable, MailDomainConflict, MailDomainNotFound } from "./MailDomainErrors.js"
import { MailDomainRepository } from "./MailDomainRepository.js"

/** The product whose mail a sending domain signs. */
const PRODUCT = "business_email"
/** A domain is checked again this often, so that one whose record went away stops being used. */
export const RECHECK_MS = 6 * 60 * 60_000
/** The most domains one periodic pass checks; the next pass goes on. */
const RECHECK_BATCH = 100

/** A fresh 2048-bit RSA key pair for DKIM (rsa-sha256, RFC 6376 and 8301): its record's `p=` and its PEM. */
const dkimKeyPair = Effect.promise(async () => {
  const pair = await globalThis.crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"]
  )
  const publicKey = toBase64(new Uint8Array(await globalThis.crypto.subtle.exportKey("spki", pair.publicKey)))
  const der = toBase64(new Uint8Array(await globalThis.crypto.subtle.exportKey("pkcs8", pair.privateKey)))
  const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${der.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`
  return { publicKey, privateKeyPem }
})

/**
 * A tenant's sending domains: each gets its own DKIM key (the private half sealed, never shown)
 * and the DNS records to publish; checks read DNS and say, per record, what is missing or wrong.
 * A domain is verified while its DKIM record carries its key; one whose record goes away fails.
 */
export class MailDomainService extends Context.Tag("@servicekit/core/MailDomainService")<
  MailDomainService,
  {
    readonly add: (
      tenantId: string,
      domain: string
    ) => Effect.Effect<MailDomain, ValidationFailed | MailDomainConflict | PermissionDenied | TenantNotFound>
    readonly list: (tenantId: string) => Effect.Effect<ReadonlyArray<MailDomain>>
    readonly get: (tenantId: string, id: string) => Effect.Effect<MailDomain, MailDomainNotFound>
    readonly remove: (tenantId: string, id: string) => Effect.Effect<MailDomain, MailDomainNotFound>
    /** Reads the domain's records from DNS now and saves what was found. */
    readonly verify: (tenantId: string, id: string) => Effect.Effect<MailDomain, MailDomainNotFound | DnsLookupUnavailable>
    /** Checks the domains checked longest ago (periodic); answers how many were checked. */
    readonly recheck: Effect.Effect<number>
  }
>() {
  static readonly layer = Layer.effect(
    MailDomainService,
    Effect.gen(function* () {
      const domains = yield* MailDomainRepository
      const dns = yield* DnsResolver
      const box = yield* SecretBox
      const crypto = yield* SecretCrypto
      const tenants = yield* TenantService
      const { mailBounceDomain, mailSpfInclude } = yield* ServiceKitSettings
      const platform = { spfInclude: mailSpfInclude, bounceDomain: mailBounceDomain }
      const now = Effect.map(Clock.currentTimeMillis, (millis) => new Date(millis))
      const found = (tenantId: string, id: string) =>
        Effect.flatMap(
          domains.find(tenantId, id),
          Option.match({ onNone: () => new MailDomainNotFound(), onSome: Effect.succeed })
        )

      const check = (domain: MailDomain) =>
        Effect.gen(function* () {
          const records = yield* Effect.forEach(expectedRecords(domain, platform), (record) =>
            Effect.map(record.type === "CNAME" ? dns.cname(record.name) : dns.txt(record.name), (answers) =>
              checkRecord(record, answers, domain.dkimPublicKey)
            )
          )
          const at = yield* now
          const { failure, status } = statusAfterCheck(domain, records[0]!)
          const checked: MailDomain = {
            ...domain,
            records,
            status,
            failure,
            checkedAt: at,
            verifiedAt: status === "verified" ? (domain.verifiedAt ?? at) : domain.verifiedAt
          }
          yield* domains.saveCheck(checked)
          return checked
        })

      return {
        add: (tenantId, input) =>
          Effect.gen(function* () {
            const tenant = yield* tenants.get(tenantId)
            if (!tenant.entitlements.includes(PRODUCT)) {
              return yield* notEntitled(PRODUCT, "Sending domains sign Business Email")
            }
            const normalized = normalizeDomain(input)
            if ("reason" in normalized) return yield* invalidField("domain", normalized.reason)
            if ((yield* domains.list(tenantId)).length >= MAX_DOMAINS_PER_TENANT) {
              return yield* new MailDomainConflict({
                code: "mail_domain_limit",
                message: `An account holds at most ${MAX_DOMAINS_PER_TENANT} sending domains: delete one first.`
              })
            }
            const { privateKeyPem, publicKey } = yield* dkimKeyPair
            const base = {
              domain: normalized.domain,
              selector: `sk${randomBase36(crypto, 8)}`,
              dkimPublicKey: publicKey
            }
            const domain: MailDomain = {
              ...base,
              tenantId,
              id: randomUuid(crypto),
              dkimPrivateKeySealed: yield* box.seal(privateKeyPem),
              status: "pending",
              records: expectedRecords(base, platform),
              failure: null,
              checkedAt: null,
              verifiedAt: null,
              createdAt: yield* now
            }
            if (!(yield* domains.insert(domain))) {
              return yield* new MailDomainConflict({
                code: "mail_domain_exists",
                message: `The account has ${normalized.domain} already.`
              })
            }
            return domain
          }),
        list: domains.list,
        get: found,
        remove: (tenantId, id) =>
          Effect.tap(found(tenantId, id), () => domains.remove(tenantId, id)),
        verify: (tenantId, id) =>
          Effect.flatMap(found(tenantId, id), (domain) =>
            Effect.catchTag(check(domain), "DnsUnavailable", (unavailable) =>
              Effect.fail(new DnsLookupUnavailable({ message: unavailable.message }))
            )
          ),
        recheck: Effect.gen(function* () {
          const due = yield* domains.dueForCheck(new Date((yield* now).getTime() - RECHECK_MS), RECHECK_BATCH)
          // A resolver that does not answer leaves the domain as it was, for the next pass.
          yield* Effect.forEach(due, (domain) => Effect.ignore(check(domain)), { discard: true })
          return due.length
        })
      }
    })
  )
}
