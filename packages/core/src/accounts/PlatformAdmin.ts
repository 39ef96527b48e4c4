import { Clock, Context, Effect, Layer } from "effect"
import { type ApiKeyView, ApiKeyService } from "../platform/ApiKeyService.js"
import { type DashboardRole, DashboardTokenIssuer } from "../platform/DashboardAuth.js"
import type { TenantNotFound, ValidationFailed } from "../platform/Errors.js"
import type { Tenant } from "../platform/Tenants.js"
import { TenantService, type UpdateTenant } from "../platform/TenantService.js"

export interface IssueDashboardToken {
  /** The user's id in the embedding platform. */
  readonly sub: string
  readonly role: DashboardRole
  /** Default twelve hours. */
  readonly expiresInSeconds?: number | undefined
}

export interface IssuedDashboardToken {
  readonly token: string
  readonly expiresAt: Date
}

/** Twelve hours unless asked otherwise. */
const DEFAULT_TOKEN_SECONDS = 43_200

/**
 * What the platform administrator does beyond the tenant and key services: a tenant change that
 * applies to its keys at once, and dashboard tokens for a tenant's users.
 */
export class PlatformAdmin extends Context.Tag("@servicekit/core/PlatformAdmin")<
  PlatformAdmin,
  {
    /** Renames and/or replaces entitlements; this process's cached keys of the tenant are dropped. */
    readonly updateTenant: (
      tenantId: string,
      changes: UpdateTenant
    ) => Effect.Effect<Tenant, ValidationFailed | TenantNotFound>
    /** The tenant's keys; an unknown tenant is a TenantNotFound, not an empty list. */
    readonly listKeys: (tenantId: string) => Effect.Effect<ReadonlyArray<ApiKeyView>, TenantNotFound>
    readonly issueDashboardToken: (
      tenantId: string,
      request: IssueDashboardToken
    ) => Effect.Effect<IssuedDashboardToken, TenantNotFound>
  }
>() {
  static readonly layer = Layer.effect(
    PlatformAdmin,
    Effect.gen(function* () {
      const tenants = yield* TenantService
      const keys = yield* ApiKeyService
      const issuer = yield* DashboardTokenIssuer
      return {
        updateTenant: (tenantId, changes) =>
          Effect.tap(tenants.update(tenantId, changes), (tenant) => keys.forgetTenant(tenant.id)),
        listKeys: (tenantId) => Effect.zipRight(tenants.get(tenantId), keys.list(tenantId)),
        issueDashboardToken: (tenantId, { expiresInSeconds, role, sub }) =>
          Effect.gen(function* () {
            const tenant = yield* tenants.get(tenantId)
            const now = yield* Clock.currentTimeMillis
            const expiresAt = new Date(Math.floor(now / 1000 + (expiresInSeconds ?? DEFAULT_TOKEN_SECONDS)) * 1000)
            const token = yield* issuer.issue({ tenantId: tenant.id, role, sub }, expiresAt)
            return { token, expiresAt }
          })
      }
    })
  )
}
