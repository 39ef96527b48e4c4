import { Clock, Context, Effect, Layer, Option } from "effect"
import { ApiKeyRepository, type ApiKeyRecord, MAX_IP_ALLOWLIST, MAX_IP_ENTRY_LENGTH, MAX_SCOPES } from "./ApiKeys.js"
import { apiKeyCacheLookups, cacheHit, cacheMiss } from "./Metrics.js"
import { SecretCrypto, constantTimeEqual, isUuid, randomBase36, randomBase62, randomUuid } from "./Crypto.js"
import {
  ApiKeyNotFound,
  type PermissionDenied,
  TenantNotFound,
  type Unauthenticated,
  type ValidationFailed,
  invalidField,
  permissionDenied,
  tenantSuspended,
  unauthenticated
} from "./Errors.js"
import { notEntitled } from "./Entitlements.js"
import { canonicalEntry, compileAllowlist } from "./IpAllowlist.js"
import { PREFIX_LENGTH, SECRET_LENGTH, displayPrefix, formatKey, parseKey } from "./KeyFormat.js"
import { type Catalog, type Environment, type Product, ProductCatalog } from "./Products.js"
import { ServiceKitSettings } from "./Settings.js"
import { TenantRepository, type Tenant } from "./Tenants.js"

export interface CreateApiKey {
  readonly tenantId: string
  readonly product: string
  readonly environment: Environment
  readonly scopes: ReadonlyArray<string>
  readonly name?: string | null | undefined
  readonly expiresAt?: Date | null | undefined
  readonly ipAllowlist?: ReadonlyArray<string> | undefined
}

/** What may be shown about a key after creation: never the secret or its digest. */
export interface ApiKeyView {
  readonly id: string
  readonly name: string | null
  readonly product: Product
  readonly environment: Environment
  readonly prefix: string
  readonly scopes: ReadonlyArray<string>
  readonly expiresAt: Date | null
  readonly ipAllowlist: ReadonlyArray<string>
  readonly createdAt: Date
  readonly revokedAt: Date | null
}

export interface CreatedApiKey {
  readonly apiKey: ApiKeyView
  /** The plaintext key; returned once, never stored. */
  readonly key: string
}

/** A key that passed authentication: known, not revoked, not expired, from an allowed address. */
export interface VerifiedKey {
  readonly key: ApiKeyRecord
  readonly tenant: Tenant
  readonly allowsIp: (ip: string | undefined) => boolean
}

const toView = (catalog: Catalog, record: ApiKeyRecord): ApiKeyView => ({
  id: record.id,
  name: record.name,
  product: record.product,
  environment: record.environment,
  prefix: displayPrefix(catalog, record.product, record.environment, record.prefix),
  scopes: record.scopes,
  expiresAt: record.expiresAt,
  ipAllowlist: record.ipAllowlist,
  createdAt: record.createdAt,
  revokedAt: record.revokedAt
})

/**
 * API key lifecycle and verification. Verification runs in a fixed order with a
 * fixed set of codes: missing_credentials, malformed_key, invalid_key, key_revoked (401);
 * key_expired, ip_not_allowed (403); then `authorize` adds wrong_product,
 * product_not_entitled and missing_scope (403).
 */
export class ApiKeyService extends Context.Tag("@servicekit/core/ApiKeyService")<
  ApiKeyService,
  {
    readonly create: (input: CreateApiKey) => Effect.Effect<CreatedApiKey, ValidationFailed | TenantNotFound>
    readonly list: (tenantId: string) => Effect.Effect<ReadonlyArray<ApiKeyView>>
    readonly revoke: (tenantId: string, id: string) => Effect.Effect<ApiKeyView, ApiKeyNotFound>
    /** Drops this process's cached verifications of the tenant's keys, so a changed tenant applies at once. */
    readonly forgetTenant: (tenantId: string) => Effect.Effect<void>
    readonly verify: (
      key: string | undefined,
      clientIp: string | undefined
    ) => Effect.Effect<VerifiedKey, Unauthenticated | PermissionDenied>
    /** `product` undefined: a shared scope, which a key of any product may carry. */
    readonly authorize: (
      verified: VerifiedKey,
      product: Product | undefined,
      scope: string
    ) => Effect.Effect<void, PermissionDenied>
  }
>() {
  static readonly layer = Layer.effect(
    ApiKeyService,
    Effect.gen(function* () {
      const keys = yield* ApiKeyRepository
      const tenants = yield* TenantRepository
      const crypto = yield* SecretCrypto
      const settings = yield* ServiceKitSettings
      const catalog = yield* ProductCatalog
      const view = (record: ApiKeyRecord) => toView(catalog, record)
      const cache = new Map<string, { readonly verified: VerifiedKey; readonly until: number }>()
      // Digests that matched no key, until when: guessing keys cannot reach the database for each
      // guess. A map of its own, so that a flood of guesses cannot evict the keys in use.
      const unknown = new Map<string, number>()
      const maxCacheEntries = 10_000
      const remember = <V>(map: Map<string, V>, digest: string, value: V) => {
        if (map.size >= maxCacheEntries) map.delete(map.keys().next().value!)
        map.set(digest, value)
      }

      const load = (digest: string, now: number) =>
        Effect.gen(function* () {
          const record = yield* keys.findByDigest(digest)
          const tenant = Option.isSome(record) ? yield* tenants.findById(record.value.tenantId) : Option.none()
          if (Option.isNone(record) || Option.isNone(tenant) || !constantTimeEqual(record.value.digest, digest)) {
            remember(unknown, digest, now + settings.keyCacheTtlMs)
            return Option.none()
          }
          const verified: VerifiedKey = {
            key: record.value,
            tenant: tenant.value,
            allowsIp: compileAllowlist(record.value.ipAllowlist)
          }
          remember(cache, digest, { verified, until: now + settings.keyCacheTtlMs })
          return Option.some(verified)
        })

      // A cache hit stays synchronous: this runs on every public request.
      const lookup = (digest: string, now: number): Effect.Effect<Option.Option<VerifiedKey>> => {
        const cached = cache.get(digest)
        if (cached !== undefined && cached.until > now) {
          if (settings.metrics.enabled) apiKeyCacheLookups.unsafeUpdate(1, cacheHit)
          return Effect.succeed(Option.some(cached.verified))
        }
        const unknownUntil = unknown.get(digest)
        const known = unknownUntil !== undefined && unknownUntil > now
        if (settings.metrics.enabled) apiKeyCacheLookups.unsafeUpdate(1, known ? cacheHit : cacheMiss)
        return known ? Effect.succeed(Option.none()) : load(digest, now)
      }

      const admit = (
        found: Option.Option<VerifiedKey>,
        now: number,
        clientIp: string | undefined
      ): Effect.Effect<VerifiedKey, Unauthenticated | PermissionDenied> => {
        if (Option.isNone(found)) return Effect.fail(unauthenticated("invalid_key", "The API key is not valid."))
        const verified = found.value
        if (verified.key.revokedAt !== null) {
          return Effect.fail(unauthenticated("key_revoked", "The API key has been revoked."))
        }
        if (verified.key.expiresAt !== null && verified.key.expiresAt.getTime() <= now) {
          return Effect.fail(permissionDenied("key_expired", "The API key has expired."))
        }
        if (verified.key.ipAllowlist.length > 0 && !verified.allowsIp(clientIp)) {
          return Effect.fail(
            permissionDenied("ip_not_allowed", "The client address is not in this key's IP allowlist.")
          )
        }
        return Effect.succeed(verified)
      }

      const validate = (input: CreateApiKey, now: number) =>
        Effect.gen(function* () {
          if (!catalog.isKeyProduct(input.product)) {
            return yield* invalidField("product", `must be one of ${catalog.keyProducts.join(", ")}`)
          }
          const product = input.product
          const allowed = catalog.scopesOf(product)
          // The same caps as the HTTP body's, for keys created from code (`kit.admin`).
          if (input.scopes.length > MAX_SCOPES) return yield* invalidField("scopes", `must list at most ${MAX_SCOPES} scopes`)
          const entries = input.ipAllowlist ?? []
          if (entries.length > MAX_IP_ALLOWLIST || entries.some((entry) => entry.length > MAX_IP_ENTRY_LENGTH)) {
            return yield* invalidField(
              "ipAllowlist",
              `must list at most ${MAX_IP_ALLOWLIST} IPs or CIDR ranges of at most ${MAX_IP_ENTRY_LENGTH} characters each`
            )
          }
          const scopes = [...new Set(input.scopes)]
          if (scopes.length === 0) return yield* invalidField("scopes", "at least one scope is required")
          const foreign = scopes.filter((scope) => !catalog.grants(product, scope))
          if (foreign.length > 0) {
            return yield* invalidField(
              "scopes",
              `${foreign.join(", ")} not valid for ${product} keys (allowed: ${allowed.join(", ")})`
            )
          }
          if (input.expiresAt != null && input.expiresAt.getTime() <= now) {
            return yield* invalidField("expiresAt", "must be in the future")
          }
          const ipAllowlist: Array<string> = []
          for (const entry of entries) {
            const canonical = canonicalEntry(entry)
            if (canonical === undefined) {
              return yield* invalidField("ipAllowlist", `"${entry}" is not an IP address or CIDR range`)
            }
            ipAllowlist.push(canonical)
          }
          const name = input.name?.trim() || null
          if (name !== null && name.length > 200) return yield* invalidField("name", "must be at most 200 characters")
          return { product, scopes, ipAllowlist, name }
        })

      return {
        create: (input) =>
          Effect.gen(function* () {
            const now = yield* Clock.currentTimeMillis
            const valid = yield* validate(input, now)
            const tenant = isUuid(input.tenantId) ? yield* tenants.findById(input.tenantId) : Option.none()
            if (Option.isNone(tenant)) return yield* new TenantNotFound()
            // A key for a product the tenant may not use would only ever be refused.
            if (!tenant.value.entitlements.includes(valid.product)) {
              return yield* invalidField(
                "product",
                `the tenant is not entitled to ${valid.product} (entitled: ${tenant.value.entitlements.join(", ") || "nothing"})`
              )
            }
            const prefix = randomBase36(crypto, PREFIX_LENGTH)
            const key = formatKey(catalog, valid.product, input.environment, prefix, randomBase62(crypto, SECRET_LENGTH))
            const record: ApiKeyRecord = {
              id: randomUuid(crypto),
              tenantId: input.tenantId,
              name: valid.name,
              product: valid.product,
              environment: input.environment,
              prefix,
              digest: yield* crypto.sha256Hex(key),
              scopes: valid.scopes,
              expiresAt: input.expiresAt ?? null,
              ipAllowlist: valid.ipAllowlist,
              createdAt: new Date(now),
              revokedAt: null
            }
            // A random id or a 190-bit secret that exists already is a bug, not a client error.
            yield* Effect.orDie(keys.insert(record))
            unknown.delete(record.digest)
            return { apiKey: view(record), key }
          }),

        list: (tenantId) => keys.listByTenant(tenantId).pipe(Effect.map((records) => records.map(view))),

        revoke: (tenantId, id) =>
          Effect.gen(function* () {
            const now = yield* Clock.currentTimeMillis
            const revoked =
              isUuid(tenantId) && isUuid(id) ? yield* keys.revoke(tenantId, id, new Date(now)) : Option.none()
            if (Option.isNone(revoked)) return yield* new ApiKeyNotFound()
            cache.delete(revoked.value.digest)
            return view(revoked.value)
          }),

        forgetTenant: (tenantId) =>
          Effect.sync(() => {
            for (const [digest, { verified }] of cache) if (verified.tenant.id === tenantId) cache.delete(digest)
          }),

        verify: (presented, clientIp): Effect.Effect<VerifiedKey, Unauthenticated | PermissionDenied> => {
          if (presented === undefined || presented.length === 0) {
            return Effect.fail(
              unauthenticated(
                "missing_credentials",
                "Send an API key as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'."
              )
            )
          }
          if (parseKey(catalog, presented) === undefined) {
            return Effect.fail(unauthenticated("malformed_key", "The API key is not in a recognised format."))
          }
          return Effect.flatMap(Clock.currentTimeMillis, (now) =>
            crypto.sha256Hex(presented).pipe(
              Effect.flatMap((digest) => lookup(digest, now)),
              Effect.flatMap((found) => admit(found, now, clientIp))
            )
          )
        },

        authorize: ({ key, tenant }, product, scope): Effect.Effect<void, PermissionDenied> => {
          if (tenant.suspension !== null) return Effect.fail(tenantSuspended())
          if (product !== undefined && key.product !== product) {
            return Effect.fail(
              permissionDenied("wrong_product", `This is a ${key.product} key; this endpoint needs a ${product} key.`)
            )
          }
          if (!tenant.entitlements.includes(key.product)) {
            return Effect.fail(notEntitled(key.product))
          }
          if (!key.scopes.includes(scope)) {
            return Effect.fail(permissionDenied("missing_scope", `The API key lacks the ${scope} scope.`))
          }
          return Effect.void
        }
      }
    })
  )
}
