import { Cause, Effect, Exit, type ManagedRuntime, Stream } from "effect"
import type { TenantDeletionRecord } from "./accounts/TenantDeletions.js"
import { type IssueDashboardToken, type IssuedDashboardToken, PlatformAdmin } from "./accounts/PlatformAdmin.js"
import { TenantExport } from "./accounts/TenantExport.js"
import { type ApiKeyView, ApiKeyService, type CreateApiKey, type CreatedApiKey } from "./platform/ApiKeyService.js"
import type { KeyAccess, Product } from "./BuiltInProducts.js"
import type { Tenant } from "./platform/Tenants.js"
import { TenantService } from "./platform/TenantService.js"
import { type RetentionPeriod, type RetentionService, tenantRetention } from "./retention/RetentionService.js"

/**
 * The platform admin operations as promises, for embedders who do not write Effect. They share
 * the HTTP API's services and storage; a refusal rejects with the same typed error the API
 * renders (`ValidationFailed`, `TenantNotFound`, `ApiKeyNotFound`), whose `message` says why.
 * Products and a key's scopes are the kit's closed lists (`Access`, `P`): the built-in modules'
 * unless the kit adds modules.
 */
export interface Administration<Access = KeyAccess, P extends string = Product> {
  /**
   * `weight` is the tenant's share of background work, 1 to 100 (default 1); `maxRunningRuns` caps
   * how many of its runs run at once (null, the default: the platform's `maxRunningRunsPerTenant`).
   */
  readonly createTenant: (input: {
    readonly name: string
    readonly entitlements?: ReadonlyArray<P>
    readonly weight?: number
    readonly maxRunningRuns?: number | null
  }) => Promise<TenantOf<P>>
  /** Every tenant, oldest first. */
  readonly listTenants: () => Promise<ReadonlyArray<TenantOf<P>>>
  readonly getTenant: (tenantId: string) => Promise<TenantOf<P>>
  /**
   * Renames, replaces the entitlements and/or sets the weight or the cap on running runs; the
   * tenant's keys follow at once in this process, its weight and cap in every process within 5 seconds.
   */
  readonly updateTenant: (
    tenantId: string,
    changes: {
      readonly name?: string | undefined
      readonly entitlements?: ReadonlyArray<P> | undefined
      readonly weight?: number | undefined
      readonly maxRunningRuns?: number | null | undefined
    }
  ) => Promise<TenantOf<P>>
  /**
   * Suspends the tenant: its keys, dashboard tokens, chat links, node devices and hook tokens get
   * 403 `tenant_suspended`, and none of its background work starts, until `resumeTenant`. At once
   * in this process, within ten seconds in every other; a suspended tenant stays as it is.
   */
  readonly suspendTenant: (tenantId: string, reason?: string | null) => Promise<TenantOf<P>>
  /** Resumes a suspended tenant: its work carries on where it stood. Never one being deleted (`TenantBeingDeleted`). */
  readonly resumeTenant: (tenantId: string) => Promise<TenantOf<P>>
  /**
   * Deletes the tenant and everything it holds, irreversibly: suspended at once, its rows deleted
   * in the background by the workers, its own record last. Asked again, answers the same deletion.
   */
  readonly deleteTenant: (tenantId: string) => Promise<TenantDeletionRecord>
  /** How the tenant's deletion stands, with the rows it deleted by kind; kept once the tenant is gone. */
  readonly getTenantDeletion: (tenantId: string) => Promise<TenantDeletionRecord>
  /**
   * Everything the tenant holds as one gzip-compressed tar, read as the stream is (see
   * docs/operations.md, "Exporting a tenant"): its rows kind by kind as JSON lines, its files, and
   * `complete.json` last. An unknown tenant rejects (`TenantNotFound`) before any byte.
   */
  readonly exportTenant: (tenantId: string) => Promise<ReadableStream<Uint8Array>>
  /** The plaintext key is in the result, once. The product and its scopes are checked by the compiler too. */
  readonly createKey: (input: Omit<CreateApiKey, "product" | "scopes"> & Access) => Promise<CreatedApiKey>
  readonly listKeys: (tenantId: string) => Promise<ReadonlyArray<ApiKeyView>>
  readonly revokeKey: (tenantId: string, keyId: string) => Promise<ApiKeyView>
  readonly issueDashboardToken: (tenantId: string, request: IssueDashboardToken) => Promise<IssuedDashboardToken>
  /** Each kind of data the tenant's products keep, with the default, the platform's period and the tenant's own. */
  readonly getTenantRetention: (tenantId: string) => Promise<ReadonlyArray<RetentionPeriod>>
  /**
   * Sets the tenant's own period for a kind as the tenant would, within the platform's period and
   * from the kind's minimum (`ValidationFailed`); null follows the platform's again.
   */
  readonly setTenantRetention: (tenantId: string, kind: string, days: number | null) => Promise<RetentionPeriod>
}

/** A tenant whose entitlements are the kit's products (the services check every name they store). */
export type TenantOf<P extends string> = Omit<Tenant, "entitlements"> & { readonly entitlements: ReadonlyArray<P> }

type Needs = TenantService | ApiKeyService | PlatformAdmin | RetentionService | TenantExport

export const makeAdministration = (runtime: ManagedRuntime.ManagedRuntime<Needs, unknown>): Administration<any, string> => {
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
    suspendTenant: (tenantId, reason) =>
      run(Effect.flatMap(PlatformAdmin, (admin) => admin.suspendTenant(tenantId, reason))),
    resumeTenant: (tenantId) => run(Effect.flatMap(PlatformAdmin, (admin) => admin.resumeTenant(tenantId))),
    deleteTenant: (tenantId) => run(Effect.flatMap(PlatformAdmin, (admin) => admin.deleteTenant(tenantId))),
    getTenantDeletion: (tenantId) => run(Effect.flatMap(PlatformAdmin, (admin) => admin.tenantDeletion(tenantId))),
    exportTenant: (tenantId) =>
      run(
        Effect.flatMap(TenantExport, (exports) =>
          Effect.flatMap(exports.archive(tenantId), (archive) => Stream.toReadableStreamEffect(archive))
        )
      ),
    createKey: (input) => run(Effect.flatMap(ApiKeyService, (keys) => keys.create(input))),
    listKeys: (tenantId) => run(Effect.flatMap(PlatformAdmin, (admin) => admin.listKeys(tenantId))),
    revokeKey: (tenantId, keyId) => run(Effect.flatMap(ApiKeyService, (keys) => keys.revoke(tenantId, keyId))),
    issueDashboardToken: (tenantId, request) =>
      run(Effect.flatMap(PlatformAdmin, (admin) => admin.issueDashboardToken(tenantId, request))),
    getTenantRetention: (tenantId) => run(tenantRetention.list(tenantId)),
    setTenantRetention: (tenantId, kind, days) => run(tenantRetention.choose(tenantId, kind, days))
  }
}
