import { Effect, Exit, Layer, ManagedRuntime, Scope } from "effect"
import { type Administration, makeAdministration } from "./Administration.js"
import { makeApiEngine } from "./Api.js"
import { type Composition, checkSkillProducts, compose } from "./Composition.js"
import type { Engine } from "./http/Engine.js"
import { EventBus } from "./jobs/EventBus.js"
import { Scheduler } from "./jobs/Scheduler.js"
import { WorkerWatch } from "./jobs/WorkerWatch.js"
import type { IncomingRequest } from "./http/RequestContext.js"
import type { OutgoingResponse } from "./http/Response.js"
import { fromWebRequest, toWebResponse } from "./http/Web.js"
import type { KeyAccessOf, ProductOf } from "./module/ModuleProducts.js"
import type { ProductModule } from "./module/ProductModule.js"
import { RetainedKinds } from "./module/Retention.js"
import {
  type ModuleRequirements,
  type Modules,
  type RequirementsOfModules,
  type ServicesOf,
  type StorageOf
} from "./Modules.js"
import { type CustomSkill, customSkillParts } from "./automations/skills/CustomSkills.js"
import { SkillRegistry } from "./automations/skills/Skills.js"
import { ApiKeyService } from "./platform/ApiKeyService.js"
import { ModelRouter } from "./platform/ModelRouter.js"
import { ProductCatalog } from "./platform/Products.js"
import { RateLimiter } from "./platform/RateLimiter.js"
import { TenantService } from "./platform/TenantService.js"
import { TenantStanding } from "./platform/TenantStanding.js"
import type { Ports } from "./Ports.js"
import type { Services } from "./Services.js"
import { runWorkers, workedQueues } from "./Workers.js"

export type { PlatformServices, Services } from "./Services.js"

/** What added modules provide beyond the built-in kit: their services and storage ports. */
export type AddedServices<Added extends ReadonlyArray<ProductModule>> = ServicesOf<Added> | StorageOf<Added>

/** What added modules need that neither the kit nor they provide; `never` when nothing is missing. */
type Unmet<Added extends ReadonlyArray<ProductModule>> = Exclude<
  RequirementsOfModules<Added>,
  Services | Ports | AddedServices<Added>
>

/**
 * Nothing when the added modules' needs are met; else a `missing` property naming them, which no
 * options have. Modules typed loosely (`any` needs, as in `Parameters<typeof make>`) are not checked.
 */
export type RequirementsMet<Added extends ReadonlyArray<ProductModule>> = [Unmet<Added>] extends [never]
  ? unknown
  : 0 extends 1 & Unmet<Added>
    ? unknown
    : { readonly missing: Unmet<Added> }

/** What an embedder adds to a kit beyond its ports. */
export interface Options<Added extends ReadonlyArray<ProductModule> = readonly []> {
  /** Skills for automation steps: new ones, or implementations of built-ins such as `marketing.campaign_send`. */
  readonly skills?: ReadonlyArray<CustomSkill> | undefined
  /**
   * Product modules beyond the built-in ones, after them: their products join the catalog, and
   * their routes, services, workers and skills the kit. The ports must provide their storage.
   */
  readonly modules?: Added | undefined
}

/**
 * The skill registry: the skills the modules own (run by their modules, or by the embedder) and
 * the embedder's own. Their runs need the modules' requirements, which the kit provides (above).
 */
const skillRegistry = (composition: Composition, skills: ReadonlyArray<CustomSkill>) => {
  const custom = customSkillParts(skills, composition.skills)
  for (const definition of custom.definitions) checkSkillProducts(definition, composition.catalog)
  return Layer.succeed(
    SkillRegistry,
    SkillRegistry.make<ModuleRequirements>([...composition.skills, ...custom.definitions], custom.runners)
  )
}

/**
 * Every service of a composition over the ports: the platform's first, then each module's in list
 * order, so that a module's services may use an earlier module's; the modules' middleware over them all.
 */
const composedServices = (composition: Composition, skills: ReadonlyArray<CustomSkill>) =>
  Layer.provideMerge(
    composition.middleware,
    composition.modules.reduce(
      (services, module) => Layer.provideMerge(module.services as Layer.Layer<any, never, any>, services),
      Layer.mergeAll(
        TenantService.layer,
        TenantStanding.layer,
        ApiKeyService.layer,
        RateLimiter.layer,
        EventBus.layerFor(composition.subscribers),
        Scheduler.layer,
        ModelRouter.layer,
        WorkerWatch.layer(workedQueues(composition)),
        skillRegistry(composition, skills)
      ).pipe(
        Layer.provideMerge(
          Layer.merge(Layer.succeed(ProductCatalog, composition.catalog), Layer.succeed(RetainedKinds, composition.retention))
        )
      ) as Layer.Layer<any, never, any>
    )
  )

/** Every service over the ports, for the built-in modules and those `options` adds. */
export const servicesLayer = <const Added extends ReadonlyArray<ProductModule> = readonly []>(
  options: Options<Added> = {}
): Layer.Layer<Services | AddedServices<Added>, never, Ports | StorageOf<Added>> =>
  composedServices(compose(options.modules), options.skills ?? [])

/** The kit's modules as a type: the built-in ones, then the added ones. */
type KitModules<Added extends ReadonlyArray<ProductModule>> = readonly [...Modules, ...Added]

export interface ServiceKit<E = never, Added extends ReadonlyArray<ProductModule> = readonly []> {
  /** Answers a web-standard Request; pass the peer address so IP allowlists and limits work. */
  readonly handler: (request: Request, options?: { readonly remoteAddress?: string | undefined }) => Promise<Response>
  /** The host-neutral entry point behind `handler`, for hosts that read requests themselves (node:http). */
  readonly dispatch: (request: IncomingRequest) => Promise<OutgoingResponse>
  /** Platform administration as promises: tenants, entitlements, keys and dashboard tokens. */
  readonly admin: Administration<KeyAccessOf<KitModules<Added>>, ProductOf<KitModules<Added>>>
  /** Runs an effect against the same services and storage the HTTP API uses (admin tasks, ingestion, tests). */
  readonly runtime: ManagedRuntime.ManagedRuntime<Services | Ports | AddedServices<Added>, E>
  /** The kit's modules: the built-in ones, then those it added. */
  readonly modules: ReadonlyArray<ProductModule>
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
 * entry points) and a runtime, sharing storage, caches and rate-limit state. Modules in
 * `options.modules` join the built-in ones; the ports provide their storage, and an added module
 * needing a service or port nobody provides does not compile.
 */
export const make = <E, const Added extends ReadonlyArray<ProductModule> = readonly []>(
  ports: Layer.Layer<Ports | StorageOf<Added>, E>,
  options: Options<Added> & RequirementsMet<Added> = {} as never
): ServiceKit<E, Added> => {
  const composition = compose(options.modules)
  const runtime = ManagedRuntime.make(
    (composedServices(composition, options.skills ?? []) as Layer.Layer<Services | AddedServices<Added>, never, Ports>).pipe(
      Layer.provideMerge(ports)
    )
  )
  let engine: Engine | undefined
  let starting: Promise<Engine> | undefined
  const dispatch = (request: IncomingRequest): Promise<OutgoingResponse> => {
    if (engine !== undefined) return engine.dispatch(request)
    starting ??= runtime.runPromise(makeApiEngine(composition)).then((ready) => (engine = ready))
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
    admin: makeAdministration(runtime) as ServiceKit<E, Added>["admin"],
    modules: composition.modules,
    startWorkers: () =>
      runtime.runPromise(
        Effect.gen(function* () {
          if (workers !== undefined) return
          const scope = yield* Scope.make()
          yield* Scope.extend(runWorkers(composition), scope)
          workers = scope
        })
      ),
    dispose: async () => {
      if (workers !== undefined) await runtime.runPromise(Scope.close(workers, Exit.void))
      await runtime.dispose()
    }
  }
}
