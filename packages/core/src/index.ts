/**
 * @servicekit/core — what an app embedding ServiceKit uses: make a kit, configure it, give it
 * skills, and call its services through `kit.runtime`. Each product's records, errors and other
 * services are in `@servicekit/core/<product>`; in-memory ports in `@servicekit/core/testing`.
 * ServiceKit's own packages (adapters, hosts, conformance) also use `@servicekit/core/internal`.
 */

// the kit
export * as ServiceKit from "./ServiceKit.js"
export type { PlatformServices, Services } from "./Services.js"
export type { Administration } from "./Administration.js"
export type { Ports, StoragePorts } from "./Ports.js"
export { modules, type ModuleName, type Modules, type ServicesOf, type StorageOf } from "./Modules.js"
export { HealthChecks, type HealthCheck } from "./platform/Health.js"

// configuration
export {
  ServiceKitSettings,
  defaultSettings,
  defaultWebhookSettings,
  type IpRateRule,
  type RateRule,
  type Settings,
  type WebhookSettings,
  type WorkerIdentity
} from "./platform/Settings.js"
export { type Brand, defaultBrand } from "./platform/Branding.js"

// custom skills
export { type CustomSkill, defineSkill } from "./EmbedderSkills.js"
export type { StandardIssue, StandardResult, StandardSchema } from "./platform/StandardSchema.js"

// products, scopes and dashboard tokens
export {
  type KeyAccess,
  KeyProduct,
  Product,
  Scope,
  type ScopeOf,
  allProducts,
  scopesByProduct
} from "./BuiltInProducts.js"
export {
  type Catalog,
  Environment,
  type KeyHead,
  ProductCatalog,
  type ProductDeclaration
} from "./platform/Products.js"
export type { KeyAccessOf, KeyProductOf, ProductOf } from "./module/ModuleProducts.js"
export {
  DashboardClaims,
  DashboardRole,
  DashboardTokenIssuer,
  DashboardTokenVerifier
} from "./platform/DashboardAuth.js"

// errors every product may answer
export {
  ApiKeyNotFound,
  ErrorBody,
  ErrorDetail,
  NotAvailable,
  PermissionDenied,
  RateLimited,
  TenantNotFound,
  Unauthenticated,
  ValidationFailed
} from "./platform/Errors.js"

// services called through kit.runtime: the platform's and each product's main one
export { type Tenant } from "./platform/Tenants.js"
export { TenantBeingDeleted, TenantDeletionNotFound } from "./accounts/AccountsErrors.js"
export type { TenantDeletionRecord } from "./accounts/TenantDeletions.js"
export { TenantService, type CreateTenant } from "./platform/TenantService.js"
export {
  ApiKeyService,
  type ApiKeyView,
  type CreateApiKey,
  type CreatedApiKey,
  type VerifiedKey
} from "./platform/ApiKeyService.js"
export { CallingService } from "./calling/CallingService.js"
export { ChatService } from "./chat/ChatService.js"
export { TransactionalService } from "./transactional/TransactionalService.js"
export { GrowthConversationService } from "./growth/GrowthConversationService.js"
export { WorkflowService } from "./automations/workflows/WorkflowService.js"

// webhooks received from a kit
export {
  type VerifyWebhookOptions,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type WebhookHeaders,
  type WebhookVerification,
  verifyWebhook
} from "./platform/WebhookSignature.js"
