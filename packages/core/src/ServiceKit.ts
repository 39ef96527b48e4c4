import { Effect, Exit, Layer, ManagedRuntime, Scope } from "effect"
import { type Administration, makeAdministration } from "./Administration.js"
import { makeApiEngine, middlewareLayer } from "./Api.js"
import type { Engine } from "./http/Engine.js"
import { EventBus } from "./jobs/EventBus.js"
import { Scheduler } from "./jobs/Scheduler.js"
import { WorkerWatch } from "./jobs/WorkerWatch.js"
import type { IncomingRequest } from "./http/RequestContext.js"
import type { OutgoingResponse } from "./http/Response.js"
import { fromWebRequest, toWebResponse } from "./http/Web.js"
import { type ModuleRequirements, type ModuleServices, builtInSkills, modules } from "./Modules.js"
import { type CustomSkill, customSkillParts } from "./automations/skills/CustomSkills.js"
import { SkillRegistry } from "./automations/skills/Skills.js"
import { ApiKeyService } from "./platform/ApiKeyService.js"
import { ModelRouter } from "./platform/ModelRouter.js"
import { RateLimiter } from "./platform/RateLimiter.js"
import { TenantService } from "./platform/TenantService.js"
import type { Ports } from "./Ports.js"
import { runWorkers, workedQueues } from "./Workers.js"

/** The platform's own services, which every module may use. */
export type PlatformServices =
  | TenantService
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

/** What an embedder adds to a kit beyond its ports. */
export interface Options {
  /** Skills for automation steps: new ones, or implementations of built-ins such as `marketing.campaign_send`. */
  readonly skills?: ReadonlyArray<CustomSkill> | undefined
}

/**
 * The skill registry: the skills the modules own (run by their modules, or by the embedder) and
 * the embedder's own. Their runs need the modules' requirements, which the kit provides (above).
 */
const skillRegistry = (skills: ReadonlyArray<CustomSkill>) => {
  const custom = customSkillParts(skills, builtInSkills)
  return Layer.succeed(
    SkillRegistry,
    SkillRegistry.make<ModuleRequirements>([...builtInSkills, ...custom.definitions], custom.runners)
  )
}

/**
 * Every service over the ports: the platform's first, then each module's in list order, so that a
 * module's services may use an earlier module's; the modules' middleware over them all.
 */
export const servicesLayer = (options: Options = {}): Layer.Layer<Services, never, Ports> =>
  Layer.provideMerge(
    middlewareLayer,
    modules.reduce(
      (services, module) =>
        Layer.provideMerge(module.services as Layer.Layer<ModuleServices, never, Ports | Services>, services),
      Layer.mergeAll(
        TenantService.layer,
        ApiKeyService.layer,
        RateLimiter.layer,
        EventBus.layer,
        Scheduler.layer,
        ModelRouter.layer,
        WorkerWatch.layer(workedQueues),
        skillRegistry(options.skills ?? [])
      ) as Layer.Layer<Services, never, Ports>
    )
  ) as Layer.Layer<Services, never, Ports>

export interface ServiceKit<E = never> {
  /** Answers a web-standard Request; pass the peer address so IP allowlists and limits work. */
  readonly handler: (request: Request, options?: { readonly remoteAddress?: string | undefined }) => Promise<Response>
  /** The host-neutral entry point behind `handler`, for hosts that read requests themselves (node:http). */
  readonly dispatch: (request: IncomingRequest) => Promise<OutgoingResponse>
  /** Platform administration as promises: tenants, entitlements, keys and dashboard tokens. */
  readonly admin: Administration
  /** Runs an effect against the same services and storage the HTTP API uses (admin tasks, ingestion, tests). */
  readonly runtime: ManagedRuntime.ManagedRuntime<Services | Ports, E>
  /** Starts the background workers in this process (event dispatch, the modules' queues) until `dispose`. */
  readonly startWorkers: () => Promise<void>
  /** Drains the workers (running jobs finish), then releases every resource. */
  readonly dispose: () => Promise<void>
}

// Logged once per kit: without the peer address every caller shares one "unknown" address.
const missingAddressWarning =
  "kit.handler was called without { remoteAddress }: IP allowlists refuse every request and per-IP rate limits " +
  "count all clients as one. Pass the client's socket address (see the README's Embedding section)."

/**
 * One ServiceKit over the given ports: the HTTP API (web-standard and host-neutral
 * entry points) and a runtime, sharing storage, caches and rate-limit state.
 */
export const make = <E>(ports: Layer.Layer<Ports, E>, options: Options = {}): ServiceKit<E> => {
  const runtime = ManagedRuntime.make(servicesLayer(options).pipe(Layer.provideMerge(ports)))
  let engine: Engine | undefined
  let starting: Promise<Engine> | undefined
  const dispatch = (request: IncomingRequest): Promise<OutgoingResponse> => {
    if (engine !== undefined) return engine.dispatch(request)
    starting ??= runtime.runPromise(makeApiEngine).then((ready) => (engine = ready))
    return starting.then((ready) => ready.dispatch(request))
  }
  let workers: Scope.CloseableScope | undefined
  let warnedOfMissingAddress = false
  return {
    dispatch,
    handler: async (request, options) => {
      if (options?.remoteAddress === undefined && !warnedOfMissingAddress) {
        warnedOfMissingAddress = true
        runtime.runFork(Effect.logWarning(missingAddressWarning))
      }
      return toWebResponse(await dispatch(fromWebRequest(request, options?.remoteAddress)))
    },
    runtime,
    admin: makeAdministration(runtime),
    startWorkers: () =>
      runtime.runPromise(
        Effect.gen(function* () {
          if (workers !== undefined) return
          const scope = yield* Scope.make()
          yield* Scope.extend(runWorkers, scope)
          workers = scope
        })
      ),
    dispose: async () => {
      if (workers !== undefined) await runtime.runPromise(Scope.close(workers, Exit.void))
      await runtime.dispose()
    }
  }
}
