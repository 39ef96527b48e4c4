import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { ApiKeyService } from "../platform/ApiKeyService.js"
import { TenantService } from "../platform/TenantService.js"
import type { CatalogSchemas } from "../platform/Products.js"
import { adminApi } from "./AdminApi.js"
import type { KeySchemas } from "./DevelopersApi.js"
import { PlatformAdmin } from "./PlatformAdmin.js"
import { TenantExport } from "./TenantExport.js"

export const adminHandlers = (products: CatalogSchemas, schemas: KeySchemas) =>
  implement(
    adminApi(products, schemas),
    Effect.gen(function* () {
      const admin = yield* PlatformAdmin
      const tenants = yield* TenantService
      const keys = yield* ApiKeyService
      const exports = yield* TenantExport
      return {
        createTenant: ({ payload }) => tenants.create(payload),
        listTenants: () => Effect.map(tenants.list(), (data) => ({ data })),
        getTenant: ({ path }) => tenants.get(path.tenantId),
        updateTenant: ({ path, payload }) => admin.updateTenant(path.tenantId, payload),
        suspendTenant: ({ path, payload }) => admin.suspendTenant(path.tenantId, payload.reason),
        resumeTenant: ({ path }) => admin.resumeTenant(path.tenantId),
        deleteTenant: ({ path }) => admin.deleteTenant(path.tenantId),
        getTenantDeletion: ({ path }) => admin.tenantDeletion(path.tenantId),
        exportTenant: ({ path }) =>
          Effect.map(exports.archive(path.tenantId), (archive) =>
            HttpServerResponse.stream(archive, {
              contentType: "application/gzip",
              headers: { "content-disposition": `attachment; filename="tenant-${path.tenantId}.tar.gz"` }
            })
          ),
        listTenantApiKeys: ({ path }) => Effect.map(admin.listKeys(path.tenantId), (data) => ({ data })),
        createTenantApiKey: ({ path, payload }) =>
          Effect.map(keys.create({ ...payload, tenantId: path.tenantId }), ({ apiKey, key }) => ({ ...apiKey, key })),
        revokeTenantApiKey: ({ path }) => keys.revoke(path.tenantId, path.id),
        issueDashboardToken: ({ path, payload }) => admin.issueDashboardToken(path.tenantId, payload)
      }
    })
  )
