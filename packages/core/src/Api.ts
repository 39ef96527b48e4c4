import { HttpApi, type HttpApiError, OpenApi } from "@effect/platform"
import { Effect, Layer } from "effect"
import { makeDocuments } from "./http/Documents.js"
import { makeEngine } from "./http/Engine.js"
import type { Handler, ImplementedGroup } from "./http/Implement.js"
import { apiKeyAuthTag, apiKeyGuard, dashboardAuthTag, dashboardGuard } from "./http/Security.js"
import { type ModuleGroups, modules } from "./Modules.js"
import { ServiceKitSettings } from "./platform/Settings.js"

type MountPath = `/${string}`

const allGroups = (): ReadonlyArray<ImplementedGroup> =>
  modules.flatMap((module): ReadonlyArray<ImplementedGroup> => module.groups)

export type ServiceKitApi = HttpApi.HttpApi<"servicekit", ModuleGroups, HttpApiError.HttpApiDecodeError>

/** The HTTP contract: every module's groups under the mount path. */
export const makeApi = (mountPath: MountPath = "/api"): ServiceKitApi =>
  allGroups()
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
 * authentication compiled per endpoint, the OpenAPI document and the docs page.
 */
export const makeApiEngine = Effect.gen(function* () {
  const mountPath = (yield* ServiceKitSettings).mountPath as MountPath
  // The contract's precise types served the handlers; the engine walks it generically.
  const api = makeApi(mountPath) as unknown as HttpApi.HttpApi.AnyWithProps
  const handlers = new Map<string, Readonly<Record<string, Handler>>>()
  for (const { group, handlers: build } of allGroups()) {
    handlers.set(group.identifier, yield* build as Effect.Effect<Readonly<Record<string, Handler>>>)
  }
  return yield* makeEngine({
    api,
    handlers,
    guards: new Map([
      [apiKeyAuthTag, yield* apiKeyGuard],
      [dashboardAuthTag, yield* dashboardGuard]
    ]),
    documents: yield* makeDocuments(api, mountPath)
  })
})
