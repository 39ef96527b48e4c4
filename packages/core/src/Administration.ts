import { Cause, Effect, Exit, type ManagedRuntime } from "effect"
import { type IssueDashboardToken, type IssuedDashboardToken, PlatformAdmin } from "./accounts/PlatformAdmin.js"
import { type ApiKeyView, ApiKeyService, type CreateApiKey, type CreatedApiKey } from "./platform/ApiKeyService.js"
import type { KeyAccess, Product } from "./platform/Products.js"
import type { Tenant } from "./platform/Tenants.js"
import { TenantService } from "./platform/TenantService.js"

/**
 * The platform admin operations as promises, for embedders who do not write Effect. They share
 * the HTTP API's services and storage; a refusal rejects with the same typed error the API
 * renders (`ValidationFailed`, `TenantNotFound`, `ApiKeyNotFound`), whose `message` says why.
 */
export interface Administration {
  readonly createTenant: (input: {
    readonly name: string
    readonly entitlements?: ReadonlyArray<Product>
  }) => Promise<Tenant>
  /** Every tenant, oldest first. */
  readonly listTenants: () => Promise<ReadonlyArray<Tenant>>
  readonly getTenant: (tenantId: string) => Promise<Tenant>
  /** Renames and/or replaces the entitlements; the tenant's keys follow at once in this process. */
  readonly updateTenant: (
    tenantId: string,
    changes: { readonly name?: string | undefined; readonly entitlements?: ReadonlyArray<Product> | undefined }
  ) => Promise<Tenant>
  /** The plaintext key is in the result, once. The product and its scopes are checked by the compiler too. */
  readonly createKey: (input: Omit<CreateApiKey, "product" | "scopes"> & KeyAccess) => Promise<CreatedApiKey>
  readonly listKeys: (tenantId: string) => Promise<ReadonlyArray<ApiKeyView>>
  readonly revokeKey: (tenantId: string, keyId: string) => Promise<ApiKeyView>
  readonly issueDashboardToken: (tenantId: string, request: IssueDashboardToken) => Promise<IssuedDashboardToken>
}

type Needs = TenantService | ApiKeyService | PlatformAdmin

export const makeAdministration = (runtime: ManagedRuntime.ManagedRuntime<Needs, unknown>): Administration => {
  // Rejects with the failure itself, not a FiberFailure wrapping it.
  const run = async <A, E>(effect: Effect.Effect<A, E, Needs>): Promise<A> => {
    const exit = await runtime.runPromiseExit(effect)
    if (Exit.isSuccess(exit)) return exit.value
    throw Cause.squash(exit.cause)
  }
  return {
    createTenant: (input) => run(Effect.flatMap(TenantService, (tenants) => tenants.create(input))),
    listTenants: () => run(Effect.flatMap(TenantService, (tenants) => tenants.list())),
    getTenant: (tenantId) => run(Effect.flatMap(TenantService, (tenants) => tenants.get(tenantId))),
    updateTenant: (tenantId, changes) =>
      run(Effect.flatMap(PlatformAdmin, (admin) => admin.updateTenant(tenantId, changes))),
    createKey: (input) => run(Effect.flatMap(ApiKeyService, (keys) => keys.create(input))),
    listKeys: (tenantId) => run(Effect.flatMap(PlatformAdmin, (admin) => admin.listKeys(tenantId))),
    revokeKey: (tenantId, keyId) => run(Effect.flatMap(ApiKeyService, (keys) => keys.revoke(tenantId, keyId))),
    issueDashboardToken: (tenantId, request) =>
      run(Effect.flatMap(PlatformAdmin, (admin) => admin.issueDashboardToken(tenantId, request)))
  }
}
