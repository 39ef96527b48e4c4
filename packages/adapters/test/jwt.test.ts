import { DashboardTokenVerifier, Unauthenticated } from "@servicekit/core"
import { Effect, Layer } from "effect"
import { SignJWT } from "jose"
import { describe, expect, it } from "vitest"
import { layerJoseDashboardTokens, signDashboardToken } from "../src/jwt/index.js"

const secret = "a-dashboard-secret-of-at-least-32-bytes"
const claims = { tenantId: "ten_1", role: "admin", sub: "user_1" } as const

type VerifierOptions = { issuer?: string; audience?: string; secret?: string }

const verify = (token: string, options: VerifierOptions = {}) =>
  Effect.flatMap(DashboardTokenVerifier, (verifier) => verifier.verify(token)).pipe(
    Effect.provide(layerJoseDashboardTokens({ secret, ...options }))
  )

const expectRejected = async (token: string, code: string, options: VerifierOptions = {}) => {
  const error = await Effect.runPromise(Effect.flip(verify(token, options)))
  expect(error).toBeInstanceOf(Unauthenticated)
  expect(error).toMatchObject({ code })
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url")
const signRaw = (payload: Record<string, unknown>) =>
  new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).setIssuedAt().setExpirationTime("1h").sign(new TextEncoder().encode(secret))

describe("Jose dashboard tokens", () => {
  it("verifies the claims of a token it signed", async () => {
    expect(await Effect.runPromise(verify(await signDashboardToken(secret, claims)))).toEqual(claims)
  })

  it("checks issuer and audience when configured", async () => {
    const scoped = { issuer: "servicekit", audience: "dashboard" }
    expect(await Effect.runPromise(verify(await signDashboardToken(secret, claims, scoped), scoped))).toEqual(claims)
    await expectRejected(await signDashboardToken(secret, claims), "invalid_token", scoped)
    await expectRejected(await signDashboardToken(secret, claims, { ...scoped, issuer: "other" }), "invalid_token", scoped)
  })

  it("rejects a token signed with another secret", async () => {
    await expectRejected(await signDashboardToken("another-dashboard-secret-of-32-bytes!", claims), "invalid_token")
  })

  it("rejects a tampered payload", async () => {
    const [header, , signature] = (await signDashboardToken(secret, claims)).split(".")
    const forged = encode({ ...claims, tenantId: "ten_2", exp: Math.floor(Date.now() / 1000) + 3600 })
    await expectRejected(`${header}.${forged}.${signature}`, "invalid_token")
  })

  it("rejects an unsigned (alg none) token", async () => {
    await expectRejected(`${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`, "invalid_token")
  })

  it("rejects garbage", async () => {
    await expectRejected("not-a-jwt", "invalid_token")
  })

  it("rejects an expired token with token_expired", async () => {
    const expired = await new SignJWT({ tenantId: "ten_1", role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("user_1")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret))
    await expectRejected(expired, "token_expired")
  })

  it("rejects a token without an expiry, whoever signed it", async () => {
    const unlimited = await new SignJWT({ tenantId: "ten_1", role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("user_1")
      .setIssuedAt()
      .sign(new TextEncoder().encode(secret))
    await expectRejected(unlimited, "invalid_token")
    const error = await Effect.runPromise(Effect.flip(verify(unlimited)))
    expect(error.message).toContain("expiry")
  })

  it("rejects tokens with missing claims", async () => {
    await expectRejected(await signRaw({ role: "admin", sub: "user_1" }), "invalid_token")
    await expectRejected(await signRaw({ tenantId: "ten_1", sub: "user_1" }), "invalid_token")
    await expectRejected(await signRaw({ tenantId: "ten_1", role: "admin" }), "invalid_token")
  })

  it("rejects a role other than admin or member", async () => {
    await expectRejected(await signRaw({ tenantId: "ten_1", role: "owner", sub: "user_1" }), "invalid_token")
  })

  it("refuses secrets shorter than 32 bytes", async () => {
    const build = Effect.runPromise(Layer.build(layerJoseDashboardTokens({ secret: "too-short" })).pipe(Effect.scoped))
    await expect(build).rejects.toThrow(/at least 32 bytes/)
    await expect(signDashboardToken("too-short", claims)).rejects.toThrow(/at least 32 bytes/)
  })
})
