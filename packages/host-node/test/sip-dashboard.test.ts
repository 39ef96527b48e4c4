import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SipRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-sip-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const trunk = {
  host: "sip.carrier.example",
  username: "acme-1",
  password: "s3cret-trunk-pass",
  port: 5061,
  transport: "tls"
}

describe("Business Calling dashboard: own SIP trunk and hosted SIP", () => {
  const served = serve(() =>
    kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "ready"), SERVICEKIT_HOSTED_SIP_DOMAIN: "sip.platform.example" })
  )
  let member: string
  let other: string
  let chatOnly: string

  const call = (method: string, path: string, body?: unknown, token: string | null = served.admin) =>
    fetch(`${served.url}/api${path}`, {
      method,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    })

  /** The trunk password as storage holds it. */
  const storedPassword = () =>
    served.kit.runtime.runPromise(
      Effect.map(
        Effect.flatMap(SipRepository, (repository) => repository.find(served.tenantId)),
        (found) => Option.getOrThrow(found).trunk?.passwordSealed
      )
    )

  beforeAll(async () => {
    member = (await served.kit.admin.issueDashboardToken(served.tenantId, { sub: "m", role: "member" })).token
    const otherTenant = await served.kit.admin.createTenant({ name: "Other", entitlements: ["voice"] })
    other = (await served.kit.admin.issueDashboardToken(otherTenant.id, { sub: "o", role: "admin" })).token
    const chat = await served.kit.admin.createTenant({ name: "Chat only", entitlements: ["chat"] })
    chatOnly = (await served.kit.admin.issueDashboardToken(chat.id, { sub: "c", role: "admin" })).token
  })

  it("registers a trunk, shows it without the password, stores the password encrypted, updates it, removes it", async () => {
    expect(await (await call("GET", "/sip/status")).json()).toBeNull()
    const registered = await call("POST", "/sip/register", trunk)
    expect(registered.status).toBe(200)
    const shown = await registered.json()
    expect(shown).toEqual({
      host: trunk.host,
      username: trunk.username,
      port: 5061,
      transport: "tls",
      updatedAt: expect.any(String)
    })
    expect(await (await call("GET", "/sip/status")).json()).toEqual(shown)
    expect(await (await call("GET", "/sip/status", undefined, other)).json()).toBeNull()

    // At rest (as the storage port reads it back): sealed, not the password.
    const sealed = await storedPassword()
    expect(sealed).toMatch(/^v1\./)
    expect(sealed).not.toContain(trunk.password)

    // An update may leave the password out: the stored one stays.
    const updated = await (
      await call("POST", "/sip/register", {
        ...trunk,
        password: undefined,
        port: 5060,
        transport: "udp",
        host: "93.184.216.34"
      })
    ).json()
    expect(updated).toMatchObject({ host: "93.184.216.34", port: 5060, transport: "udp" })
    expect(await storedPassword()).toBe(sealed)

    expect(await (await call("DELETE", "/sip")).json()).toMatchObject({ host: "93.184.216.34" })
    expect(await (await call("GET", "/sip/status")).json()).toBeNull()
    await expectRefusal(await call("DELETE", "/sip"), 404, "sip_trunk_not_found")
  })

  it("keeps own trunk and hosted SIP exclusive, 409 with a clear code, nothing changed", async () => {
    expect(await (await call("GET", "/sip/our-sip")).json()).toEqual({
      optedIn: false,
      optedInAt: null,
      platform: { ready: true, domain: "sip.platform.example" }
    })
    await call("POST", "/sip/register", trunk)
    await expectRefusal(await call("POST", "/sip/our-sip/opt-in"), 409, "own_trunk_active")
    expect((await (await call("GET", "/sip/our-sip")).json()).optedIn).toBe(false)
    await call("DELETE", "/sip")

    const optedIn = await (await call("POST", "/sip/our-sip/opt-in")).json()
    expect(optedIn).toMatchObject({ optedIn: true, optedInAt: expect.any(String) })
    expect(await (await call("POST", "/sip/our-sip/opt-in")).json()).toEqual(optedIn)
    await expectRefusal(await call("POST", "/sip/register", trunk), 409, "hosted_sip_active")
    expect(await (await call("GET", "/sip/status")).json()).toBeNull()

    expect(await (await call("POST", "/sip/our-sip/opt-out")).json()).toMatchObject({ optedIn: false, optedInAt: null })
    expect((await call("POST", "/sip/register", trunk)).status).toBe(200)
    await call("DELETE", "/sip")
  })

  it("lets only the voice-entitled opt in, only admins change anything, and no API key in", async () => {
    await expectRefusal(await call("POST", "/sip/our-sip/opt-in", undefined, chatOnly), 403, "product_not_entitled")
    await expectRefusal(await call("POST", "/sip/register", trunk, member), 403, "admin_required")
    await expectRefusal(await call("POST", "/sip/our-sip/opt-in", undefined, member), 403, "admin_required")
    await expectRefusal(await call("DELETE", "/sip", undefined, member), 403, "admin_required")
    expect((await call("GET", "/sip/status", undefined, member)).status).toBe(200)
    expect((await call("GET", "/sip/our-sip", undefined, member)).status).toBe(200)
    for (const [method, path] of [
      ["GET", "/sip/status"],
      ["POST", "/sip/register"],
      ["GET", "/sip/our-sip"]
    ] as const) {
      await expectRefusal(
        await call(method, path, method === "POST" ? trunk : undefined, served.key),
        401,
        "api_key_not_accepted"
      )
      await expectRefusal(
        await call(method, path, method === "POST" ? trunk : undefined, null),
        401,
        "missing_credentials"
      )
    }
  })

  it("refuses bad trunks with 400 naming the field, storing nothing", async () => {
    for (const [body, field] of [
      [{ ...trunk, host: "not a host" }, "host"],
      [{ ...trunk, host: "-bad.example" }, "host"],
      [{ ...trunk, port: 0 }, "port"],
      [{ ...trunk, port: 65536 }, "port"],
      [{ ...trunk, port: 5060.5 }, "port"],
      [{ ...trunk, transport: "sctp" }, "transport"],
      [{ ...trunk, username: "two words" }, "username"],
      [{ ...trunk, password: "" }, "password"],
      [{ ...trunk, password: undefined }, "password"],
      [{ ...trunk, host: "sip\u0000.example" }, "host"],
      // Private, loopback and cloud-metadata addresses are not trunks a tenant may point at.
      [{ ...trunk, host: "10.0.0.7" }, "host"],
      [{ ...trunk, host: "[::1]" }, "host"],
      [{ ...trunk, host: "169.254.169.254" }, "host"]
    ] as const) {
      const error = await expectRefusal(await call("POST", "/sip/register", body), 400, "validation_failed")
      expect(error.details).toEqual([expect.objectContaining({ field })])
    }
    expect(await (await call("GET", "/sip/status")).json()).toBeNull()
    expect((await call("POST", "/sip/register", { ...trunk, host: "[2606:4700:4700::1111]" })).status).toBe(200)
    await call("DELETE", "/sip")
  })
})

describe("hosted SIP on a platform that offers none", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "not-ready") }))

  it("reports the platform not ready and refuses the opt-in", async () => {
    const headers = { authorization: `Bearer ${served.admin}` }
    expect(await (await fetch(`${served.url}/api/sip/our-sip`, { headers })).json()).toEqual({
      optedIn: false,
      optedInAt: null,
      platform: { ready: false, domain: null }
    })
    await expectRefusal(
      await fetch(`${served.url}/api/sip/our-sip/opt-in`, { method: "POST", headers }),
      409,
      "hosted_sip_not_ready"
    )
  })
})
