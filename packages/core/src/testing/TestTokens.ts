import { Effect, Layer, Schema } from "effect"
import { DashboardClaims, DashboardTokenIssuer, DashboardTokenVerifier } from "../platform/DashboardAuth.js"
import { unauthenticated } from "../platform/Errors.js"

const PREFIX = "test-dashboard."
const decodeClaims = Schema.decodeUnknownOption(Schema.parseJson(DashboardClaims))

/** An unsigned dashboard token for tests with `layerTestTokens`: never accepted by a real verifier. */
export const testDashboardToken = (claims: DashboardClaims): string =>
  PREFIX + btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(claims))))

/** Issues and accepts tokens made by `testDashboardToken` (they do not expire). For tests only. */
export const layerTestTokens: Layer.Layer<DashboardTokenVerifier | DashboardTokenIssuer> = Layer.merge(
  Layer.succeed(DashboardTokenIssuer, { issue: (claims) => Effect.succeed(testDashboardToken(claims)) }),
  Layer.succeed(DashboardTokenVerifier, {
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
)
