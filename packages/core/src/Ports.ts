import type { StoragePorts } from "./Modules.js"
import type { SecretCrypto } from "./platform/Crypto.js"
import type { DashboardTokenVerifier } from "./platform/DashboardAuth.js"
import type { RateLimitStore } from "./platform/RateLimit.js"
import type { ServiceKitSettings } from "./platform/Settings.js"

export type { StoragePorts } from "./Modules.js"

/** Everything the core needs from the outside world: the modules' storage and the platform's ports. */
export type Ports = StoragePorts | RateLimitStore | DashboardTokenVerifier | SecretCrypto | ServiceKitSettings
