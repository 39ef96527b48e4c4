import type { EventBus } from "./jobs/EventBus.js"
import type { Scheduler } from "./jobs/Scheduler.js"
import type { WorkerWatch } from "./jobs/WorkerWatch.js"
import type { ModuleRequirements, ModuleServices } from "./Modules.js"
import type { SkillRegistry } from "./automations/skills/Skills.js"
import type { ApiKeyService } from "./platform/ApiKeyService.js"
import type { ModelRouter } from "./platform/ModelRouter.js"
import type { RetainedKinds } from "./module/Retention.js"
import type { ProductCatalog } from "./platform/Products.js"
import type { RateLimiter } from "./platform/RateLimiter.js"
import type { TenantService } from "./platform/TenantService.js"
import type { TenantStanding } from "./platform/TenantStanding.js"
import type { Ports } from "./Ports.js"

/** The platform's own services, which every module may use. */
export type PlatformServices =
  | ProductCatalog
  | RetainedKinds
  | TenantService
  | TenantStanding
  | ApiKeyService
  | RateLimiter
  | EventBus
  | Scheduler
  | SkillRegistry
  | ModelRouter
  | WorkerWatch

export type Services = PlatformServices | ModuleServices

// A module that needs a service or port nobody provides fails to compile here, naming it.
const requirementsMet: [Exclude<ModuleRequirements, Services | Ports>] extends [never]
  ? true
  : { readonly missing: Exclude<ModuleRequirements, Services | Ports> } = true
void requirementsMet
