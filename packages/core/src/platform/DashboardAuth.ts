import { Context, Schema, type Effect } from "effect"
import type { Unauthenticated } from "./Errors.js"

export const DashboardRole = Schema.Literal("admin", "member")
export type DashboardRole = typeof DashboardRole.Type

/** Claims of a tenant-scoped dashboard token. */
export const DashboardClaims = Schema.Struct({
  tenantId: Schema.String,
  role: DashboardRole,
  sub: Schema.String
})
export type DashboardClaims = typeof DashboardClaims.Type

/** Issues dashboard tokens that the verifier beside it accepts (the platform admin API mints them). */
export class DashboardTokenIssuer extends Context.Tag("@servicekit/core/DashboardTokenIssuer")<
  DashboardTokenIssuer,
  { readonly issue: (claims: DashboardClaims, expiresAt: Date) => Effect.Effect<string> }
>() {}

/** Verifies a dashboard token; fails with Unauthenticated when it is not acceptable. */
export class DashboardTokenVerifier extends Context.Tag("@servicekit/core/DashboardTokenVerifier")<
  DashboardTokenVerifier,
  { readonly verify: (token: string) => Effect.Effect<DashboardClaims, Unauthenticated> }
>() {}
