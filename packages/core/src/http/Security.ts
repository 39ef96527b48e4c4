import { HttpApiMiddleware } from "@effect/platform"
import { Context, Effect, FiberRef, Schema } from "effect"
import { ApiKeyService, type VerifiedKey } from "../platform/ApiKeyService.js"
import { type DashboardClaims, DashboardTokenVerifier } from "../platform/DashboardAuth.js"
import {
  PermissionDenied,
  RateLimited,
  Unauthenticated,
  permissionDenied,
  unauthenticated
} from "../platform/Errors.js"
import { constantTimeEqual } from "../platform/Crypto.js"
import { parseKey } from "../platform/KeyFormat.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { TenantStanding } from "../platform/TenantStanding.js"
import { type Catalog, type Environment, type Product, ProductCatalog } from "../platform/Products.js"
import { RateLimiter, rateLimited } from "../platform/RateLimiter.js"
import { CurrentRequest, type RequestState, bearerToken, firstHeader, queryParameter } from "./RequestContext.js"

/**
 * How routes authenticate, declared in the contract and nowhere else: the engine runs the
 * checks and the OpenAPI document lists the same requirements.
 *
 * - `ApiKeyAuth` with a `RequiredScope` annotation: a public route for API keys of the scope's
 *   product. Annotate the group with its usual scope and override it on endpoints that differ.
 * - `DashboardAuth`: a dashboard route for tenant-scoped JWTs.
 */
export class RequiredScope extends Context.Tag("@servicekit/core/RequiredScope")<RequiredScope, string>() {}

/** Who is calling a public endpoint, as established by API-key authentication. */
export class ApiCaller extends Context.Tag("@servicekit/core/ApiCaller")<
  ApiCaller,
  {
    readonly tenantId: string
    readonly keyId: string
    readonly product: Product
    readonly environment: Environment
    /** The tenant's entitlements as verified with the key (cached with it). */
    readonly entitlements: ReadonlyArray<Product>
  }
>() {}

type Caller = ApiCaller["Type"]

export class ApiKeyAuth extends HttpApiMiddleware.Tag<ApiKeyAuth>()("@servicekit/core/ApiKeyAuth", {
  failure: Schema.Union(Unauthenticated, PermissionDenied, RateLimited),
  provides: ApiCaller
}) {}

/** The dashboard user behind a request, from a verified tenant-scoped JWT. */
export class DashboardSession extends Context.Tag("@servicekit/core/DashboardSession")<
  DashboardSession,
  DashboardClaims
>() {}

export class DashboardAuth extends HttpApiMiddleware.Tag<DashboardAuth>()("@servicekit/core/DashboardAuth", {
  failure: Schema.Union(Unauthenticated, PermissionDenied),
  provides: DashboardSession
}) {}

/**
 * A dashboard token in the `token` query parameter, for WebSocket endpoints: browsers cannot
 * set headers on a WebSocket. Provides the same session as `DashboardAuth`.
 */
export class DashboardSocketAuth extends HttpApiMiddleware.Tag<DashboardSocketAuth>()(
  "@servicekit/core/DashboardSocketAuth",
  { failure: Schema.Union(Unauthenticated, PermissionDenied), provides: DashboardSession }
) {}

/** Who manages a tenant's settings: an API key (`role` key) or a dashboard user. */
export class TenantActor extends Context.Tag("@servicekit/core/TenantActor")<
  TenantActor,
  { readonly tenantId: string; readonly role: "key" | DashboardClaims["role"] }
>() {}

/**
 * An API key with the endpoint's `RequiredScope`, or a dashboard token: for tenant settings that
 * both a tenant's servers and its admins manage (webhook subscriptions). The credential's form
 * decides which check runs.
 */
export class ApiKeyOrDashboardAuth extends HttpApiMiddleware.Tag<ApiKeyOrDashboardAuth>()(
  "@servicekit/core/ApiKeyOrDashboardAuth",
  { failure: Schema.Union(Unauthenticated, PermissionDenied, RateLimited), provides: TenantActor }
) {}

/** The platform administrator: whoever holds the platform admin token, across all tenants. */
export class PlatformAdminAuth extends HttpApiMiddleware.Tag<PlatformAdminAuth>()(
  "@servicekit/core/PlatformAdminAuth",
  { failure: Unauthenticated }
) {}

/** Marks a group served only while a platform admin token is configured (with PlatformAdminAuth). */
export class PlatformAdminRoutes extends Context.Tag("@servicekit/core/PlatformAdminRoutes")<
  PlatformAdminRoutes,
  true
>() {}

/**
 * Middleware compiled for one endpoint: the check to run before its handler, or the reason
 * the endpoint cannot be served (reported at start, naming the endpoint).
 */
export type EndpointGuard = (
  annotations: Context.Context<never>
) => Effect.Effect<unknown, unknown> | { readonly refused: string }

/** The built-in middleware tags, typed as the engine keys them. */
export const apiKeyAuthTag = ApiKeyAuth as unknown as HttpApiMiddleware.TagClassAny
export const dashboardAuthTag = DashboardAuth as unknown as HttpApiMiddleware.TagClassAny
export const dashboardSocketAuthTag = DashboardSocketAuth as unknown as HttpApiMiddleware.TagClassAny
export const platformAdminAuthTag = PlatformAdminAuth as unknown as HttpApiMiddleware.TagClassAny
export const apiKeyOrDashboardAuthTag = ApiKeyOrDashboardAuth as unknown as HttpApiMiddleware.TagClassAny

const notBearer = () =>
  Effect.fail(unauthenticated("malformed_credentials", "The Authorization header must use the Bearer scheme."))

/** The key from `Authorization: Bearer` or `X-API-Key`; fails when Authorization uses another scheme. */
const presentedKey = (state: RequestState): Effect.Effect<string | undefined, Unauthenticated> => {
  const token = bearerToken(state.headers)
  if (token === null) return notBearer()
  return Effect.succeed(token ?? firstHeader(state.headers, "x-api-key")?.trim())
}

/** API-key authentication for an endpoint's scope: authenticate, count against the key's limit, then authorize. */
export const apiKeyGuard = Effect.gen(function* () {
  const keys = yield* ApiKeyService
  const limiter = yield* RateLimiter
  const catalog = yield* ProductCatalog
  const guard: EndpointGuard = (annotations): Effect.Effect<Caller, unknown> | { readonly refused: string } => {
    const scope = Context.getOption(annotations, RequiredScope)
    if (scope._tag === "None")
      return { refused: "ApiKeyAuth needs a RequiredScope annotation on the endpoint or its group" }
    // A shared scope's routes take a key of any product that carries it.
    const product = catalog.productOfScope(scope.value)
    if (product === undefined && !catalog.isSharedScope(scope.value)) {
      return { refused: `RequiredScope "${scope.value}" is not a scope of any product` }
    }
    const admit = (state: RequestState, verified: VerifiedKey) =>
      Effect.flatMap(
        limiter.forKey(verified.key.id),
        (limit): Effect.Effect<Caller, RateLimited | PermissionDenied> => {
          state.rateLimit = limit
          state.tenantId = verified.tenant.id
          if (!limit.allowed) {
            state.limitedBy = "key"
            return rateLimited(limit)
          }
          return Effect.as(keys.authorize(verified, product, scope.value), {
            tenantId: verified.tenant.id,
            keyId: verified.key.id,
            product: verified.key.product,
            environment: verified.key.environment,
            entitlements: verified.tenant.entitlements
          })
        }
      )
    // Chained flatMaps rather than a generator: this runs on every public request.
    return Effect.flatMap(FiberRef.get(CurrentRequest), (state) =>
      presentedKey(state).pipe(
        Effect.flatMap((presented) => keys.verify(presented, state.clientIp)),
        Effect.flatMap((verified) => admit(state, verified))
      )
    )
  }
  return guard
})

const apiKeyRefused = () =>
  Effect.fail(unauthenticated("api_key_not_accepted", "Dashboard endpoints take a dashboard token, not an API key."))

/** A dashboard token's session, its tenant in good standing. */
const sessionOf = (verifier: DashboardTokenVerifier["Type"], standing: TenantStanding["Type"], token: string) =>
  Effect.tap(verifier.verify(token), (session) => standing.check(session.tenantId))

/** The verified session of a presented dashboard token, remembered as the request's tenant. */
const verifiedSession = (
  catalog: Catalog,
  verifier: DashboardTokenVerifier["Type"],
  standing: TenantStanding["Type"],
  state: RequestState,
  token: string | undefined,
  missing: string
) => {
  if ((token !== undefined && parseKey(catalog, token) !== undefined) || firstHeader(state.headers, "x-api-key") !== undefined) {
    return apiKeyRefused()
  }
  if (token === undefined) return Effect.fail(unauthenticated("missing_credentials", missing))
  return Effect.tap(sessionOf(verifier, standing, token), (session) => {
    state.tenantId = session.tenantId
  })
}

/** Dashboard-token authentication; API keys are refused on dashboard routes. */
export const dashboardGuard = Effect.gen(function* () {
  const verifier = yield* DashboardTokenVerifier
  const standing = yield* TenantStanding
  const catalog = yield* ProductCatalog
  const check = Effect.flatMap(FiberRef.get(CurrentRequest), (state) =>
    verifiedSession(
      catalog,
      verifier,
      standing,
      state,
      bearerToken(state.headers) || undefined,
      "Send a dashboard token as 'Authorization: Bearer <token>'."
    )
  )
  const guard: EndpointGuard = () => check
  return guard
})

/** An API key when the request presents one (as a bearer key or X-API-Key), else a dashboard token. */
export const apiKeyOrDashboardGuard = Effect.gen(function* () {
  const keyGuard = yield* apiKeyGuard
  const verifier = yield* DashboardTokenVerifier
  const standing = yield* TenantStanding
  const catalog = yield* ProductCatalog
  const guard: EndpointGuard = (annotations) => {
    const byKey = keyGuard(annotations)
    if ("refused" in byKey) return byKey
    const asKey = Effect.map(byKey as Effect.Effect<Caller, unknown>, (caller): TenantActor["Type"] => ({
      tenantId: caller.tenantId,
      role: "key"
    }))
    return Effect.flatMap(FiberRef.get(CurrentRequest), (state): Effect.Effect<TenantActor["Type"], unknown> => {
      const bearer = bearerToken(state.headers)
      if ((bearer && parseKey(catalog, bearer) !== undefined) || firstHeader(state.headers, "x-api-key") !== undefined) {
        return asKey
      }
      if (bearer === null) return notBearer()
      if (bearer === undefined || bearer.length === 0) {
        return Effect.fail(
          unauthenticated(
            "missing_credentials",
            "Send an API key or a dashboard token as 'Authorization: Bearer <credential>'."
          )
        )
      }
      return Effect.map(sessionOf(verifier, standing, bearer), (session) => {
        state.tenantId = session.tenantId
        return { tenantId: session.tenantId, role: session.role }
      })
    })
  }
  return guard
})

/** Dashboard-token authentication from `?token=`; an API key there, or in a header, is refused. */
export const dashboardSocketGuard = Effect.gen(function* () {
  const verifier = yield* DashboardTokenVerifier
  const standing = yield* TenantStanding
  const catalog = yield* ProductCatalog
  const check = Effect.flatMap(FiberRef.get(CurrentRequest), (state) => {
    const bearer = bearerToken(state.headers)
    if (bearer !== undefined && bearer !== null && parseKey(catalog, bearer) !== undefined) return apiKeyRefused()
    return verifiedSession(
      catalog,
      verifier,
      standing,
      state,
      queryParameter(state.request?.url, "token"),
      "Pass a dashboard token in the 'token' query parameter."
    )
  })
  const guard: EndpointGuard = () => check
  return guard
})

/** A key of `tenantId`, or a dashboard token of its admin. */
export const requireTenantManager = (tenantId: string) =>
  Effect.flatMap(TenantActor, (actor) => {
    if (actor.tenantId !== tenantId) {
      return Effect.fail(permissionDenied("tenant_mismatch", "The credential belongs to another tenant."))
    }
    if (actor.role === "member") {
      return Effect.fail(permissionDenied("admin_required", "This action needs a tenant admin."))
    }
    return Effect.void
  })

/** The caller's tenant; a change (`change`) needs a key or a tenant admin, not a member. */
export const actorTenant = (change: boolean) =>
  Effect.flatMap(TenantActor, (actor) =>
    change && actor.role === "member"
      ? Effect.fail(permissionDenied("admin_required", "This action needs a tenant admin."))
      : Effect.succeed(actor.tenantId)
  )

/** The session must belong to `tenantId` (any role). */
export const requireTenant = (tenantId: string) =>
  Effect.flatMap(DashboardSession, (session) =>
    session.tenantId === tenantId
      ? Effect.succeed(session)
      : Effect.fail(permissionDenied("tenant_mismatch", "The dashboard token belongs to another tenant."))
  )

/** The session must belong to `tenantId` and hold the admin role. */
export const requireTenantAdmin = (tenantId: string) =>
  Effect.flatMap(requireTenant(tenantId), (session) => {
    if (session.role !== "admin") {
      return Effect.fail(permissionDenied("admin_required", "This action needs a tenant admin."))
    }
    return Effect.succeed(session)
  })

/**
 * The platform admin token, compared in constant time. API keys and dashboard tokens are not
 * admin credentials; neither is anything while no admin token is configured.
 */
export const platformAdminGuard = Effect.gen(function* () {
  const { adminToken } = yield* ServiceKitSettings
  const check = Effect.flatMap(FiberRef.get(CurrentRequest), (state) => {
    const token = bearerToken(state.headers)
    if (token === undefined || token === null || token.length === 0) {
      return Effect.fail(
        unauthenticated("missing_credentials", "Send the platform admin token as 'Authorization: Bearer <token>'.")
      )
    }
    return adminToken !== undefined && constantTimeEqual(token, adminToken)
      ? Effect.void
      : Effect.fail(unauthenticated("invalid_admin_token", "The platform admin token is not valid."))
  })
  const guard: EndpointGuard = () => check
  return guard
})
