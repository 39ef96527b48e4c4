import { DashboardClaims, DashboardTokenIssuer, DashboardTokenVerifier, Unauthenticated } from "@servicekit/core"
import { Effect, Layer, Schema } from "effect"
import { errors, jwtVerify, SignJWT } from "jose"

const MIN_SECRET_BYTES = 32

/** The HS256 key; shorter secrets are refused because they can be brute-forced offline. */
const keyOf = (secret: string): Uint8Array => {
  const key = new TextEncoder().encode(secret)
  if (key.length < MIN_SECRET_BYTES) {
    throw new Error(
      `The dashboard token secret must be at least ${MIN_SECRET_BYTES} bytes for HS256 (got ${key.length}).`
    )
  }
  return key
}

const decodeClaims = Schema.decodeUnknown(DashboardClaims)

// Fixed messages: why a token failed stays on the server.
const invalidToken = new Unauthenticated({ code: "invalid_token", message: "The dashboard token is not valid." })
const expiredToken = new Unauthenticated({ code: "token_expired", message: "The dashboard token has expired." })
const unlimitedToken = new Unauthenticated({
  code: "invalid_token",
  message: "The dashboard token is not valid: it must carry an expiry time (exp)."
})

const refusal = (error: unknown) =>
  error instanceof errors.JWTExpired
    ? expiredToken
    : error instanceof errors.JWTClaimValidationFailed && error.claim === "exp" && error.reason === "missing"
      ? unlimitedToken
      : invalidToken

interface JoseOptions {
  readonly secret: string
  readonly issuer?: string
  readonly audience?: string
}

/**
 * HS256 dashboard tokens with jose: verifies them (as made by `signDashboardToken`: an expiry is
 * required, and the issuer and audience when configured) and issues them for the platform admin API. Building the layer dies when the secret is shorter than 32 bytes.
 */
export const layerJoseDashboardTokens = (
  options: JoseOptions
): Layer.Layer<DashboardTokenVerifier | DashboardTokenIssuer> =>
  Layer.merge(
    verifier(options),
    Layer.succeed(DashboardTokenIssuer, {
      issue: (claims, expiresAt) =>
        Effect.promise(() =>
          signDashboardToken(options.secret, claims, {
            expiresAt,
            ...(options.issuer === undefined ? {} : { issuer: options.issuer }),
            ...(options.audience === undefined ? {} : { audience: options.audience })
          })
        )
    })
  )

const verifier = (options: JoseOptions): Layer.Layer<DashboardTokenVerifier> =>
  Layer.sync(DashboardTokenVerifier, () => {
    const key = keyOf(options.secret)
    const verifyOptions = {
      algorithms: ["HS256"],
      clockTolerance: 5,
      // A token without an expiry would be valid forever: refused, whoever signed it.
      requiredClaims: ["exp"],
      issuer: options.issuer,
      audience: options.audience
    }
    return DashboardTokenVerifier.of({
      verify: (token) =>
        Effect.tryPromise({
          try: () => jwtVerify(token, key, verifyOptions),
          catch: refusal
        }).pipe(Effect.flatMap(({ payload }) => Effect.mapError(decodeClaims(payload), () => invalidToken)))
    })
  })

/** Signs a dashboard token for `layerJoseDashboardTokens` (used by the CLI). Expires in 12 hours by default. */
export const signDashboardToken = async (
  secret: string,
  claims: DashboardClaims,
  options: {
    readonly expiresIn?: string
    readonly expiresAt?: Date
    readonly issuer?: string
    readonly audience?: string
  } = {}
): Promise<string> => {
  const jwt = new SignJWT({ tenantId: claims.tenantId, role: claims.role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? options.expiresIn ?? "12h")
  if (options.issuer !== undefined) jwt.setIssuer(options.issuer)
  if (options.audience !== undefined) jwt.setAudience(options.audience)
  return jwt.sign(keyOf(secret))
}
