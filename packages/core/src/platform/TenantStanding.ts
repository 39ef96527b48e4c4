import { Context, Effect, Layer } from "effect"
import { type PermissionDenied, tenantDeleted, tenantSuspended } from "./Errors.js"
import { TenantRepository, readTenantsFresh } from "./Tenants.js"

/**
 * Whether a tenant is in good standing, for the credentials that do not read the tenant as they
 * are checked (dashboard tokens, visitor tokens, node devices, hook tokens). Each tenant is read
 * at most once every five seconds per process; `forget` makes a change count at once here.
 */
export class TenantStanding extends Context.Tag("@servicekit/core/TenantStanding")<
  TenantStanding,
  {
    /**
     * Fails with 403 `tenant_suspended` while the platform has the tenant suspended, and
     * `tenant_deleted` once it no longer exists (a token signed before, still unexpired).
     */
    readonly check: (tenantId: string) => Effect.Effect<void, PermissionDenied>
    /** Reads the tenant afresh next time (after this process suspended or resumed it). */
    readonly forget: (tenantId: string) => Effect.Effect<void>
  }
>() {
  static readonly layer: Layer.Layer<TenantStanding, never, TenantRepository> = Layer.effect(
    TenantStanding,
    Effect.map(
      readTenantsFresh((tenant) => (tenant === undefined ? "deleted" : tenant.suspension !== null ? "suspended" : "good")),
      (standingOf) => ({
        check: (tenantId) =>
          Effect.flatMap(standingOf([tenantId]), (standing) => {
            const found = standing.get(tenantId)
            return found === "suspended"
              ? Effect.fail(tenantSuspended())
              : found === "deleted"
                ? Effect.fail(tenantDeleted())
                : Effect.void
          }),
        forget: (tenantId) => Effect.sync(() => standingOf.forget(tenantId))
      })
    )
  )
}
