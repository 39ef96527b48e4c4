import { Context, type Effect, type Option } from "effect"
import type { Environment, KeyProduct } from "./Products.js"

/** A stored API key: only the SHA-256 digest of the plaintext is kept. */
export interface ApiKeyRecord {
  readonly id: string
  readonly tenantId: string
  readonly name: string | null
  readonly product: KeyProduct
  readonly environment: Environment
  readonly prefix: string
  readonly digest: string
  readonly scopes: ReadonlyArray<string>
  readonly expiresAt: Date | null
  readonly ipAllowlist: ReadonlyArray<string>
  readonly createdAt: Date
  readonly revokedAt: Date | null
}

export class ApiKeyRepository extends Context.Tag("@servicekit/core/ApiKeyRepository")<
  ApiKeyRepository,
  {
    readonly insert: (key: ApiKeyRecord) => Effect.Effect<void>
    /** Looks a key up by digest across tenants: the key itself names its tenant. */
    readonly findByDigest: (digest: string) => Effect.Effect<Option.Option<ApiKeyRecord>>
    readonly findById: (tenantId: string, id: string) => Effect.Effect<Option.Option<ApiKeyRecord>>
    /** A tenant's keys, newest first. */
    readonly listByTenant: (tenantId: string) => Effect.Effect<ReadonlyArray<ApiKeyRecord>>
    /** Marks a key revoked (idempotent: the first revocation time stays); none when absent. */
    readonly revoke: (tenantId: string, id: string, at: Date) => Effect.Effect<Option.Option<ApiKeyRecord>>
  }
>() {}
