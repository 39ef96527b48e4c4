/**
 * @servicekit/core — products, entitlements, keys and the HTTP contract as Effect
 * services behind ports. Adapters satisfy the ports; hosts serve the API.
 */
export type { Ports, StoragePorts } from "./Ports.js"
export * as ServiceKit from "./ServiceKit.js"
export type { Services } from "./ServiceKit.js"

// platform
export * as KeyFormat from "./platform/KeyFormat.js"
export { ApiKeyRepository, type ApiKeyRecord } from "./platform/ApiKeys.js"
export {
  ApiKeyService,
  type ApiKeyView,
  type CreateApiKey,
  type CreatedApiKey,
  type VerifiedKey
} from "./platform/ApiKeyService.js"
export { SecretCrypto, constantTimeEqual, isUuid, layerCrypto } from "./platform/Crypto.js"
export { DashboardClaims, DashboardRole, DashboardTokenVerifier } from "./platform/DashboardAuth.js"
export { ApiError, type ErrorDetail, type ErrorType } from "./platform/Errors.js"
export { Environment, KeyProduct, Product, allProducts, scopesByProduct } from "./platform/Products.js"
export { RateLimitStore, type RateLimitResult, resultOf, windowOf } from "./platform/RateLimit.js"
export { RateLimiter } from "./platform/RateLimiter.js"
export { layerMemoryRateLimit } from "./testing/MemoryRateLimit.js"
export { ServiceKitSettings, defaultSettings, type IpRateRule, type RateRule, type Settings } from "./platform/Settings.js"
export { TenantRepository, type Tenant } from "./platform/Tenants.js"
export { TenantService, type CreateTenant } from "./platform/TenantService.js"
export { UsageLedger, type UsageEntry, type UsageQuery } from "./platform/Usage.js"

// calling
export {
  ANSWERED_RESULT,
  CallResult,
  Direction,
  type Call,
  type CallQuery,
  type CallTotals
} from "./calling/Call.js"
export { CallRepository } from "./calling/CallRepository.js"
export { CallingService, IncomingCall, type IngestResult, type VoiceUsage } from "./calling/CallingService.js"

// http
export { makeApi, type ServiceKitApi } from "./http/Api.js"
export type { IncomingRequest, OutgoingResponse } from "./http/Engine.js"
