import { Clock, Context, Effect, Layer } from "effect"
import { type ApiKeyView, ApiKeyService } from "../platform/ApiKeyService.js"
import { type DashboardRole, DashboardTokenIssuer } from "../platform/DashboardAuth.js"
import type { TenantNotFound, ValidationFailed } from "../platform/Errors.js"
import type { Tenant } from "../platform/Tenants.js"
import { TenantService, type UpdateTenant } from "../platform/TenantService.js"
import { TenantStanding } from "../platform/TenantStanding.js"
import { TenantBeingDeleted, type TenantDeletionNotFound } from "./AccountsErrors.js"
import { TenantDeletion } from "./TenantDeletion.js"
import type { TenantDeletionRecord } from "./TenantDeletions.js"

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
    /**
     * Suspends the tenant (see TenantService.suspend): at once in this process, within the key
     * cache's ten seconds in every other.
     */
    readonly suspendTenant: (
      tenantId: string,
      reason?: string | null
    ) => Effect.Effect<Tenant, ValidationFailed | TenantNotFound>
    /** Resumes a suspended tenant, as fast as a suspension takes effect; never one being deleted. */
    readonly resumeTenant: (tenantId: string) => Effect.Effect<Tenant, TenantNotFound | TenantBeingDeleted>
    /**
     * Deletes the tenant and every row of it, irreversibly (see TenantDeletion): suspended at once,
     * gone in the background. Asked again, answers the deletion under way or done.
     */
    readonly deleteTenant: (tenantId: string) => Effect.Effect<TenantDeletionRecord, TenantNotFound>
    /** How the tenant's deletion stands, with counts of what went; kept once the tenant is gone. */
    readonly tenantDeletion: (tenantId: string) => Effect.Effect<TenantDeletionRecord, TenantDeletionNotFound>
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
      const standing = yield* TenantStanding
      const deletion = yield* TenantDeletion
      // What this process remembers of the tenant is read again: the change counts at once here.
      const forget = (tenant: Tenant) => Effect.zipRight(keys.forgetTenant(tenant.id), standing.forget(tenant.id))
      return {
        updateTenant: (tenantId, changes) => Effect.tap(tenants.update(tenantId, changes), forget),
        suspendTenant: (tenantId, reason) => Effect.tap(tenants.suspend(tenantId, reason), forget),
        resumeTenant: (tenantId) =>
          deletion.requested(tenantId).pipe(
            Effect.filterOrFail((deleting) => !deleting, () => new TenantBeingDeleted()),
            Effect.zipRight(Effect.tap(tenants.resume(tenantId), forget))
          ),
        deleteTenant: (tenantId) => deletion.request(tenantId),
        tenantDeletion: (tenantId) => deletion.get(tenantId),
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
