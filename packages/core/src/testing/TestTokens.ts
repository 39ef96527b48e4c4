import { Effect, Layer, Schema } from "effect"
import { DashboardClaims, DashboardTokenVerifier } from "../platform/DashboardAuth.js"
import { unauthenticated } from "../platform/Errors.js"

const PREFIX = "test-dashboard."
const decodeClaims = Schema.decodeUnknownOption(Schema.parseJson(DashboardClaims))

/** An unsigned dashboard token for tests with `layerTestTokens`: never accepted by a real verifier. */
export const testDashboardToken = (claims: DashboardClaims): string =>
  PREFIX + btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(claims))))

/** Accepts tokens made by `testDashboardToken`. For tests only. */
export const layerTestTokens: Layer.Layer<DashboardTokenVerifier> = Layer.succeed(DashboardTokenVerifier, {
  verify: (token) => {
    const claims = token.startsWith(PREFIX)
      ? decodeClaims(
          new TextDecoder().decode(Uint8Array.from(atob(token.slice(PREFIX.length)), (c) => c.charCodeAt(0)))
        )
      : undefined
    return claims?._tag === "Some"
      ? Effect.succeed(claims.value)
      : Effect.fail(unauthenticated("invalid_token", "The dashboard token is not valid."))
  }
})
