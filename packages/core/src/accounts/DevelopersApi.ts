import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Timestamp, TimestampInput, Uuid, UuidText, cappedList, withReason } from "../http/Schemas.js"
import { DashboardAuth } from "../http/Security.js"
import { ApiKeyNotFound, TenantNotFound, ValidationFailed } from "../platform/Errors.js"
import { type CatalogSchemas, Environment } from "../platform/Products.js"
import { MAX_IP_ALLOWLIST, MAX_IP_ENTRY_LENGTH, MAX_SCOPES } from "../platform/ApiKeys.js"

/** The key schemas for a catalog, built once so that the developers and admin routes share them. */
export const keySchemas = ({ catalog, KeyProduct, Scope }: CatalogSchemas) => {
  const ApiKeyJson = Schema.Struct({
    id: UuidText,
    name: Schema.NullOr(Schema.String),
    product: KeyProduct,
    environment: Environment,
    prefix: Schema.String,
    scopes: Schema.Array(Schema.String),
    expiresAt: Schema.NullOr(Timestamp),
    ipAllowlist: Schema.Array(Schema.String),
    createdAt: Timestamp,
    revokedAt: Schema.NullOr(Timestamp)
  }).annotations({ identifier: "ApiKey" })
  const CreatedApiKeyJson = Schema.Struct({
    ...ApiKeyJson.fields,
    key: Schema.String.annotations({ description: "The plaintext key. Shown once; store it now." })
  }).annotations({ identifier: "CreatedApiKey" })
  const CreateApiKeyBody = Schema.Struct({
    name: Schema.optional(Schema.NullOr(Schema.String)),
    product: withReason(KeyProduct, `must be one of ${catalog.keyProducts.join(", ")}`),
    environment: withReason(Environment, "must be live or test"),
    scopes: cappedList(Scope, MAX_SCOPES, `must be an array of scopes: ${catalog.scopes.join(", ")}`, "scopes"),
    expiresAt: Schema.optional(Schema.NullOr(TimestampInput)),
    ipAllowlist: Schema.optional(
      cappedList(
        Schema.String.pipe(Schema.maxLength(MAX_IP_ENTRY_LENGTH)),
        MAX_IP_ALLOWLIST,
        `must be an array of IPs or CIDR ranges of at most ${MAX_IP_ENTRY_LENGTH} characters each`,
        "IPs or CIDR ranges"
      )
    )
  })
  return { ApiKeyJson, CreatedApiKeyJson, CreateApiKeyBody }
}

export type KeySchemas = ReturnType<typeof keySchemas>

const TenantPath = Schema.Struct({ tenantId: Uuid })

/** The dashboard's API keys and entitlements, naming the catalog's products. */
export const developersApi = (products: CatalogSchemas, { ApiKeyJson, CreateApiKeyBody, CreatedApiKeyJson }: KeySchemas) =>
  HttpApiGroup.make("developers")
    .add(
      HttpApiEndpoint.get("listApiKeys", "/tenants/:tenantId/api-keys")
        .setPath(TenantPath)
        .addSuccess(Schema.Struct({ data: Schema.Array(ApiKeyJson) }))
        .annotate(OpenApi.Summary, "List API keys")
    )
    .add(
      HttpApiEndpoint.post("createApiKey", "/tenants/:tenantId/api-keys")
        .setPath(TenantPath)
        .setPayload(CreateApiKeyBody)
        .addSuccess(CreatedApiKeyJson)
        .addError(ValidationFailed)
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "Create an API key")
    )
    .add(
      HttpApiEndpoint.del("revokeApiKey", "/tenants/:tenantId/api-keys/:id")
        .setPath(Schema.Struct({ tenantId: Uuid, id: Uuid }))
        .addSuccess(ApiKeyJson)
        .addError(ApiKeyNotFound)
        .annotate(OpenApi.Summary, "Revoke an API key")
    )
    .add(
      HttpApiEndpoint.get("getEntitlements", "/growth/entitlements")
        .addSuccess(Schema.Struct({ tenantId: UuidText, entitlements: Schema.Array(products.Product) }))
        .addError(TenantNotFound)
        .annotate(OpenApi.Summary, "List the tenant's entitled products")
    )
    .middleware(DashboardAuth)
    .annotate(OpenApi.Title, "Developers (dashboard)")
    .annotate(OpenApi.Description, "API keys and entitlements. Dashboard token (tenant admin for keys).")
