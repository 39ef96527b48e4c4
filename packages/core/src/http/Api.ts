import { HttpApi, OpenApi } from "@effect/platform"
import { Effect, Layer } from "effect"
import { CallingApi } from "../calling/CallingApi.js"
import { VoiceReadKeyLive, callingHandlers } from "../calling/CallingHandlers.js"
import { CallingService } from "../calling/CallingService.js"
import { ApiKeyService } from "../platform/ApiKeyService.js"
import { DevelopersApi } from "../platform/DevelopersApi.js"
import { developersHandlers } from "../platform/DevelopersHandlers.js"
import { RateLimiter } from "../platform/RateLimiter.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { TenantService } from "../platform/TenantService.js"
import { DashboardAuthLive } from "./DashboardAuth.js"
import { makeDocuments } from "./Documents.js"
import { makeEngine } from "./Engine.js"

type Spec = Record<string, any>
type MountPath = `/${string}`

/** Declares how each route authenticates: API keys on public routes, dashboard tokens elsewhere. */
const documentSecurity = (mountPath: string) => (spec: Spec): Spec => {
  const publicPrefix = `${mountPath}/v1/`
  for (const [path, operations] of Object.entries(spec.paths ?? {})) {
    const security = path.startsWith(publicPrefix) ? [{ bearerKey: [] }, { headerKey: [] }] : [{ dashboardToken: [] }]
    for (const operation of Object.values(operations as Spec)) operation.security = security
  }
  spec.components = {
    ...spec.components,
    securitySchemes: {
      bearerKey: { type: "http", scheme: "bearer", description: "API key as `Authorization: Bearer <key>`" },
      headerKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "API key as `X-API-Key: <key>`" },
      dashboardToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Tenant-scoped dashboard JWT" }
    }
  }
  return spec
}

export const makeApi = (mountPath: MountPath = "/api") =>
  HttpApi.make("servicekit")
    .add(CallingApi)
    .add(DevelopersApi)
    .prefix(mountPath)
    .annotate(OpenApi.Title, "ServiceKit API")
    .annotate(OpenApi.Version, "1.0.0")
    .annotate(OpenApi.Transform, documentSecurity(mountPath))

export type ServiceKitApi = ReturnType<typeof makeApi>

/** Business services over the ports. */
export const servicesLayer = Layer.mergeAll(
  TenantService.layer,
  ApiKeyService.layer,
  CallingService.layer,
  RateLimiter.layer
)

/**
 * The HTTP engine for the configured mount path: every group of the contract with
 * its handlers and middleware, plus the OpenAPI document and the docs page.
 */
export const makeApiEngine = Effect.gen(function* () {
  const mountPath = (yield* ServiceKitSettings).mountPath as MountPath
  // The contract's precise types served the handlers; the engine walks it generically.
  const api = makeApi(mountPath) as unknown as HttpApi.HttpApi.AnyWithProps
  return yield* makeEngine({
    api,
    groups: [yield* callingHandlers, yield* developersHandlers],
    documents: yield* makeDocuments(api, mountPath)
  }).pipe(Effect.provide(Layer.mergeAll(VoiceReadKeyLive, DashboardAuthLive)))
})
