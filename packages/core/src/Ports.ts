import type { SipNetwork } from "./calling/SipNetwork.js"
import type { Mailer, TestMailbox } from "./transactional/Mailer.js"
import type { EventOutbox } from "./jobs/EventOutbox.js"
import type { FanOut } from "./jobs/FanOut.js"
import type { JobQueue } from "./jobs/JobQueue.js"
import type { ScheduleStore } from "./jobs/Scheduler.js"
import type { StoragePorts } from "./Modules.js"
import type { BlobStore } from "./platform/BlobStore.js"
import type { SecretCrypto } from "./platform/Crypto.js"
import type { DashboardTokenIssuer, DashboardTokenVerifier } from "./platform/DashboardAuth.js"
import type { DnsResolver } from "./platform/Dns.js"
import type { LanguageModel } from "./platform/LanguageModel.js"
import type { OutboundHttp } from "./platform/OutboundHttp.js"
import type { SecretBox } from "./platform/SecretBox.js"
import type { TenantData } from "./platform/TenantData.js"
import type { RateLimitStore } from "./platform/RateLimit.js"
import type { ServiceKitSettings } from "./platform/Settings.js"
import type { UnitOfWork } from "./platform/UnitOfWork.js"

export type { StoragePorts } from "./Modules.js"

/** Everything the core needs from the outside world: the modules' storage and the platform's ports. */
export type Ports =
  | StoragePorts
  | UnitOfWork
  | EventOutbox
  | ScheduleStore
  | TenantData
  | JobQueue
  | FanOut
  | RateLimitStore
  | DashboardTokenVerifier
  | DashboardTokenIssuer
  | SecretBox
  | SecretCrypto
  | BlobStore
  | SipNetwork
  | Mailer
  | TestMailbox
  | OutboundHttp
  | DnsResolver
  | LanguageModel
  | ServiceKitSettings
