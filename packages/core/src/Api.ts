import { HttpApi, type HttpApiError, type HttpApiGroup, OpenApi } from "@effect/platform"
import { Context, Effect, Layer, Option } from "effect"
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
import { PlatformAdminRoutes } from "./accounts/AdminApi.js"
import { type ModuleGroups, modules } from "./Modules.js"
import { ServiceKitSettings } from "./platform/Settings.js"

type MountPath = `/${string}`

/** Every module's groups; the platform admin routes only when asked for (an admin token is configured). */
const servedGroups = (adminRoutes: boolean): ReadonlyArray<ImplementedGroup> =>
  modules
    .flatMap((module): ReadonlyArray<ImplementedGroup> => module.groups)
    .filter(
      ({ group }) =>
        adminRoutes ||
        Option.isNone(
          Context.getOption((group as HttpApiGroup.HttpApiGroup.AnyWithProps).annotations, PlatformAdminRoutes)
        )
    )

export type ServiceKitApi = HttpApi.HttpApi<"servicekit", ModuleGroups, HttpApiError.HttpApiDecodeError>

/** The HTTP contract: every module's groups under the mount path, the admin routes included unless left out. */
export const makeApi = (
  mountPath: MountPath = "/api",
  options: { readonly adminRoutes?: boolean } = {}
): ServiceKitApi =>
  servedGroups(options.adminRoutes ?? true)
    .reduce((api, { group }) => api.add(group), HttpApi.make("servicekit") as HttpApi.HttpApi<"servicekit", any, any>)
    .prefix(mountPath)
    .annotate(OpenApi.Title, "ServiceKit API")
    .annotate(OpenApi.Version, "1.0.0")
    .annotate(OpenApi.License, { name: "MIT", url: "https://opensource.org/licenses/MIT" })

/** The modules' middleware implementations beyond the built-in authentication. */
export const middlewareLayer = Layer.mergeAll(
  Layer.empty,
  ...modules.flatMap((module) => ("middleware" in module && module.middleware !== undefined ? [module.middleware] : []))
)

/**
 * The HTTP engine for the configured mount path: every module's groups with their handlers,
 * authentication compiled per endpoint, the OpenAPI document, the docs page and the console.
 */
export const makeApiEngine = Effect.gen(function* () {
  const settings = yield* ServiceKitSettings
  const mountPath = settings.mountPath as MountPath
  const adminRoutes = settings.adminToken !== undefined
  // The contract's precise types served the handlers; the engine walks it generically.
  const api = makeApi(mountPath, { adminRoutes }) as unknown as HttpApi.HttpApi.AnyWithProps
  const handlers = new Map<string, Readonly<Record<string, Handler>>>()
  for (const { group, handlers: build } of servedGroups(adminRoutes)) {
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
      ...consoleDocuments(mountPath, settings.consoleFrameAncestors)
    ])
  })
})
