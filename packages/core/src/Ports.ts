import type { CallRepository } from "./calling/CallRepository.js"
import type { ApiKeyRepository } from "./platform/ApiKeys.js"
import type { SecretCrypto } from "./platform/Crypto.js"
import type { DashboardTokenVerifier } from "./platform/DashboardAuth.js"
import type { RateLimitStore } from "./platform/RateLimit.js"
import type { ServiceKitSettings } from "./platform/Settings.js"
import type { TenantRepository } from "./platform/Tenants.js"
import type { UsageLedger } from "./platform/Usage.js"

/** Everything the core needs from the outside world. */
export type Ports =
  | TenantRepository
  | ApiKeyRepository
  | UsageLedger
  | CallRepository
  | RateLimitStore
  | DashboardTokenVerifier
  | SecretCrypto
  | ServiceKitSettings

/** The storage ports, satisfied together by one storage adapter. */
export type StoragePorts = TenantRepository | ApiKeyRepository | UsageLedger | CallRepository
