import { HttpApi, HttpApiBuilder, HttpApiScalar, OpenApi } from "@effect/platform"
import { Effect, Layer } from "effect"
import { CallingApi } from "../calling/CallingApi.js"
import { callingHandlers } from "../calling/CallingHandlers.js"
import { CallingService } from "../calling/CallingService.js"
import { ApiKeyService } from "../platform/ApiKeyService.js"
import { DevelopersApi } from "../platform/DevelopersApi.js"
import { developersHandlers } from "../platform/DevelopersHandlers.js"
import { RateLimiter } from "../platform/RateLimiter.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { TenantService } from "../platform/TenantService.js"
import { lifecycle } from "./Lifecycle.js"

type Spec = Record<string, any>
type MountPath = `/${string}`

/** Declares how each route authenticates: API keys on public routes, dashboard tokens elsewhere. */
const documentSecurity = (mountPath: string) => (spec: Spec): Spec => {
  const publicPrefix = `${mountPath}/v1/`
  for (const [path, operations] of Object.entries(spec.paths ?? {})) {
    if (path === `${publicPrefix}openapi.json`) continue
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
 * The whole HTTP API (routes, middleware, OpenAPI at `/v1/openapi.json`, docs at
 * `/v1/docs`, all under the configured mount path) over the ports.
 */
export const apiLayer = Layer.unwrapEffect(
  Effect.map(ServiceKitSettings, (settings) => {
    const mountPath = settings.mountPath as MountPath
    const api = makeApi(mountPath)
    const routes = HttpApiBuilder.api(api).pipe(Layer.provide([callingHandlers(api), developersHandlers(api)]))
    return Layer.mergeAll(
      HttpApiBuilder.middleware(lifecycle),
      HttpApiBuilder.middlewareOpenApi({ path: `${mountPath}/v1/openapi.json` }),
      HttpApiScalar.layer({ path: `${mountPath}/v1/docs` })
    ).pipe(Layer.provideMerge(routes))
  })
).pipe(Layer.provideMerge(servicesLayer))
