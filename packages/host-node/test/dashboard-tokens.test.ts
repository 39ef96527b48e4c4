import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { signDashboardToken } from "@servicekit/adapters"
import { SignJWT } from "jose"
import { afterAll, describe, expect, it } from "vitest"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-dashboard-tokens-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// The secret kitOn configures.
const secret = "a-hostile-input-test-secret-of-32-bytes"

describe("dashboard tokens: an expiry always, the issuer and audience when configured", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: dataDir,
      SERVICEKIT_JWT_ISSUER: "https://auth.example.com",
      SERVICEKIT_JWT_AUDIENCE: "servicekit-dashboard"
    })
  )
  const summary = (token: string) =>
    fetch(`${served.url}/api/calls/summary`, { headers: { authorization: `Bearer ${token}` } })
  const claims = () => ({ tenantId: served.tenantId, role: "admin", sub: "ada" }) as const
  const scope = { issuer: "https://auth.example.com", audience: "servicekit-dashboard" }

  it("accepts the tokens the kit mints, which carry the issuer, the audience and an expiry", async () => {
    const issued = await served.kit.admin.issueDashboardToken(served.tenantId, { sub: "ada", role: "admin" })
    const payload = JSON.parse(Buffer.from(issued.token.split(".")[1]!, "base64url").toString())
    expect(payload).toMatchObject({ iss: scope.issuer, aud: scope.audience, exp: expect.any(Number) })
    expect((await summary(issued.token)).status).toBe(200)
    expect((await summary(await signDashboardToken(secret, claims(), scope))).status).toBe(200)
  })

  it("refuses a token without an expiry with a 401 in the common body", async () => {
    const unlimited = await new SignJWT({ tenantId: served.tenantId, role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("ada")
      .setIssuedAt()
      .setIssuer(scope.issuer)
      .setAudience(scope.audience)
      .sign(new TextEncoder().encode(secret))
    const error = await expectRefusal(await summary(unlimited), 401, "invalid_token")
    expect(error.message).toContain("expiry")
  })

  it("refuses a token of another issuer or audience, or of none", async () => {
    for (const other of [
      { ...scope, issuer: "https://other.example.com" },
      { ...scope, audience: "another-app" },
      {}
    ]) {
      await expectRefusal(await summary(await signDashboardToken(secret, claims(), other)), 401, "invalid_token")
    }
  })
})
