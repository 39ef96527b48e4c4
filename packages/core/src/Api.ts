import { HttpApi, type HttpApiError, type HttpApiGroup, OpenApi } from "@effect/platform"
import { Context, Effect, Option } from "effect"
import { consoleDocuments } from "./Console.js"
import { makeDocuments } from "./http/Documents.js"
import { makeEngine } from "./http/Engine.js"
import type { Handler, ImplementedGroup } from "./http/Implement.js"
import {
  apiKeyAuthTag,
  apiKeyGuard,
  dashboardAuthTag,
  dashboardGuard,
  apiKeyOrDashboardAuthTag,
  apiKeyOrDashboardGuard,
  dashboardSocketAuthTag,
  dashboardSocketGuard,
  platformAdminAuthTag,
  platformAdminGuard
} from "./http/Security.js"
import { PlatformAdminRoutes } from "./http/Security.js"
import { type Composition, builtInComposition, compose } from "./Composition.js"
import type { ProductModule } from "./module/ProductModule.js"
import type { ModuleGroups } from "./Modules.js"
import { ServiceKitSettings } from "./platform/Settings.js"

type MountPath = `/${string}`

/** Every module's groups; the platform admin routes only when asked for (an admin token is configured). */
const servedGroups = (composition: Composition, adminRoutes: boolean): ReadonlyArray<ImplementedGroup> =>
  composition.groups.filter(
    ({ group }) =>
      adminRoutes ||
      Option.isNone(
        Context.getOption((group as HttpApiGroup.HttpApiGroup.AnyWithProps).annotations, PlatformAdminRoutes)
      )
  )

export type ServiceKitApi = HttpApi.HttpApi<"servicekit", ModuleGroups, HttpApiError.HttpApiDecodeError>

const contract = (served: ReadonlyArray<ImplementedGroup>, mountPath: MountPath): ServiceKitApi =>
  served
    .reduce((api, { group }) => api.add(group), HttpApi.make("servicekit") as HttpApi.HttpApi<"servicekit", any, any>)
    .prefix(mountPath)
    .annotate(OpenApi.Title, "ServiceKit API")
    .annotate(OpenApi.Version, "1.0.0")
    .annotate(OpenApi.License, { name: "MIT", url: "https://opensource.org/licenses/MIT" })

/**
 * The HTTP contract: every module's groups under the mount path (the built-in modules', then
 * those of `modules`), the admin routes included unless left out.
 */
export const makeApi = (
  mountPath: MountPath = "/api",
  options: { readonly adminRoutes?: boolean; readonly modules?: ReadonlyArray<ProductModule> } = {}
): ServiceKitApi =>
  contract(
    servedGroups(options.modules === undefined ? builtInComposition : compose(options.modules), options.adminRoutes ?? true),
    mountPath
  )

/**
 * The HTTP engine for the configured mount path: every module's groups with their handlers,
 * authentication compiled per endpoint, the OpenAPI document, the docs page and the console.
 */
export const makeApiEngine = (composition: Composition) =>
  Effect.gen(function* () {
    const settings = yield* ServiceKitSettings
    const mountPath = settings.mountPath as MountPath
    const adminRoutes = settings.adminToken !== undefined
    // The contract's precise types served the handlers; the engine walks it generically.
    const served = servedGroups(composition, adminRoutes)
    const api = contract(served, mountPath) as unknown as HttpApi.HttpApi.AnyWithProps
    const handlers = new Map<string, Readonly<Record<string, Handler>>>()
    for (const { group, handlers: build } of served) {
      handlers.set(group.identifier, yield* build as Effect.Effect<Readonly<Record<string, Handler>>>)
    }
    return yield* makeEngine({
      api,
      handlers,
      guards: new Map([
        [apiKeyAuthTag, yield* apiKeyGuard],
        [dashboardAuthTag, yield* dashboardGuard],
        [dashboardSocketAuthTag, yield* dashboardSocketGuard],
        [platformAdminAuthTag, yield* platformAdminGuard],
        [apiKeyOrDashboardAuthTag, yield* apiKeyOrDashboardGuard]
      ]),
      documents: new Map([
        ...(yield* makeDocuments(api, mountPath)),
        ...consoleDocuments(mountPath, settings.consoleFrameAncestors, composition.catalog, settings.brand)
      ])
    })
  })
