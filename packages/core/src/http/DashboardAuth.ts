import { HttpApiMiddleware } from "@effect/platform"
import { Context, Effect, FiberRef, Layer, Schema } from "effect"
import { DashboardTokenVerifier, type DashboardClaims } from "../platform/DashboardAuth.js"
import { ForbiddenError, UnauthorizedError, forbidden, unauthorized } from "../platform/Errors.js"
import { parseKey } from "../platform/KeyFormat.js"
import { CurrentRequest, bearerToken, firstHeader } from "./RequestContext.js"

/** The dashboard user behind a request, from a verified tenant-scoped JWT. */
export class DashboardSession extends Context.Tag("@servicekit/core/DashboardSession")<DashboardSession, DashboardClaims>() {}

export class DashboardAuth extends HttpApiMiddleware.Tag<DashboardAuth>()("@servicekit/core/DashboardAuth", {
  failure: Schema.Union(UnauthorizedError, ForbiddenError),
  provides: DashboardSession
}) {}

export const DashboardAuthLive = Layer.effect(
  DashboardAuth,
  Effect.gen(function* () {
    const verifier = yield* DashboardTokenVerifier
    return Effect.gen(function* () {
      const state = yield* FiberRef.get(CurrentRequest)
      const token = bearerToken(state.headers) || undefined
      if ((token !== undefined && parseKey(token) !== undefined) || firstHeader(state.headers, "x-api-key") !== undefined) {
        return yield* unauthorized("api_key_not_accepted", "Dashboard endpoints take a dashboard token, not an API key.")
      }
      if (token === undefined) {
        return yield* unauthorized("missing_credentials", "Send a dashboard token as 'Authorization: Bearer <token>'.")
      }
      return yield* verifier.verify(token)
    })
  })
)

/** The session must belong to `tenantId` and hold the admin role. */
export const requireTenantAdmin = (tenantId: string) =>
  Effect.flatMap(DashboardSession, (session) => {
    if (session.tenantId !== tenantId) {
      return Effect.fail(forbidden("tenant_mismatch", "The dashboard token belongs to another tenant."))
    }
    if (session.role !== "admin") {
      return Effect.fail(forbidden("admin_required", "This action needs a tenant admin."))
    }
    return Effect.succeed(session)
  })
