import { createSocket } from "node:dgram"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ServiceKit } from "@servicekit/core"
import { layerMemory, makeMemorySipNetwork, testDashboardToken } from "@servicekit/core/testing"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { header, parseSipMessage } from "../../core/src/calling/SipMessage.js"
import { connectSoftphone, outgoingCall } from "./fixtures/softphone.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-softphone-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const refusal = (url: string, protocols?: Array<string>) =>
  connectSoftphone(url, protocols).then(
    () => expect.unreachable("the upgrade was accepted"),
    (error: { status: number; body: { error: { code: string } } }) => ({
      status: error.status,
      code: error.body.error?.code
    })
  )

/** The platform carrier for hosted SIP: a UDP socket on loopback that answers every INVITE with 200 OK. */
const carrier = createSocket("udp4")
const carrierReceived: Array<string> = []
carrier.on("message", (data, from) => {
  const text = data.toString()
  carrierReceived.push(text)
  const request = parseSipMessage(text)
  if (request?.request?.method !== "INVITE") return
  const copied = request.headers.filter(([name]) => ["Via", "From", "To", "Call-ID", "CSeq"].includes(name))
  const ok = `SIP/2.0 200 OK\r\n${copied.map(([name, value]) => `${name}: ${value}`).join("\r\n")}\r\nContact: <sip:carrier@127.0.0.1>\r\nContent-Length: 0\r\n\r\n`
  carrier.send(ok, from.port, from.address)
})
await new Promise<void>((resolve) => carrier.bind(0, "127.0.0.1", resolve))
afterAll(() => carrier.close())

describe("softphone WebSocket: who may connect, and to what", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_HOSTED_SIP_DOMAIN: "sip.platform.test",
      SERVICEKIT_HOSTED_SIP_PROXY: `127.0.0.1:${carrier.address().port}`
    })
  )
  const socketUrl = (token: string) =>
    `${served.url.replace("http", "ws")}/api/sip/ws?token=${encodeURIComponent(token)}`
  const register = (token: string, host: string) =>
    fetch(`${served.url}/api/sip/register`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ host, port: 5060, transport: "udp", username: "acme", password: "s3cret-trunk-pass" })
    })
  let other: { tenantId: string; token: string }

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Other", entitlements: ["voice"] })
    other = {
      tenantId: tenant.id,
      token: (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "o", role: "member" })).token
    }
  })

  it("refuses API keys, a missing token and a bad token before any socket exists", async () => {
    const base = `${served.url.replace("http", "ws")}/api/sip/ws`
    expect(await refusal(socketUrl(served.key))).toEqual({ status: 401, code: "api_key_not_accepted" })
    expect(await refusal(base)).toEqual({ status: 401, code: "missing_credentials" })
    expect(await refusal(`${base}?token=`)).toEqual({ status: 401, code: "missing_credentials" })
    expect(await refusal(socketUrl(`${served.admin}x`))).toEqual({ status: 401, code: "invalid_token" })
    expect(await refusal(`${base}?token=%ZZ`)).toEqual({ status: 401, code: "invalid_token" })
    // A dashboard token in the header is not how this endpoint authenticates.
    const plain = await fetch(`${served.url}/api/sip/ws`, { headers: { authorization: `Bearer ${served.admin}` } })
    expect(plain.status).toBe(401)
  })

  it("answers 409 while the tenant has neither an own trunk nor hosted SIP, or its trunk's name does not resolve", async () => {
    expect(await refusal(socketUrl(other.token))).toEqual({ status: 409, code: "sip_not_configured" })
    expect((await register(served.admin, "trunk.invalid")).status).toBe(200)
    const plain = await fetch(socketUrl(served.admin).replace("ws", "http"))
    // The trunk is checked first: its name does not resolve.
    expect(plain.status).toBe(409)
    expect((await plain.json()).error.code).toBe("sip_trunk_unresolvable")
  })

  it("never relays to a private address a tenant chose", async () => {
    const literal = await register(served.admin, "10.0.0.7")
    expect(literal.status).toBe(400)
    expect((await literal.json()).error.details).toEqual([{ field: "host", reason: "must be a public address" }])
    expect((await register(served.admin, "localhost")).status).toBe(200)
    expect(await refusal(socketUrl(served.admin))).toEqual({ status: 409, code: "sip_trunk_address_refused" })
    expect(await refusal(socketUrl(served.admin), ["chat"])).toEqual({ status: 409, code: "sip_trunk_address_refused" })
    await fetch(`${served.url}/api/sip`, { method: "DELETE", headers: { authorization: `Bearer ${served.admin}` } })
  })

  it("relays hosted SIP to the platform's carrier, naming the tenant, with no credentials of its own; 426 without the sip subprotocol", async () => {
    const admin = (await served.kit.admin.issueDashboardToken(other.tenantId, { sub: "a", role: "admin" })).token
    const optIn = await fetch(`${served.url}/api/sip/our-sip/opt-in`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}` }
    })
    expect(optIn.status).toBe(200)
    expect(await refusal(socketUrl(other.token), ["chat"])).toEqual({ status: 426, code: "upgrade_required" })

    // A member's token is enough to place calls.
    const phone = await connectSoftphone(socketUrl(other.token))
    const call = outgoingCall("hosted-call-1")
    phone.send(call.invite.replace("Content-Type:", `X-ServiceKit-Tenant: ${served.tenantId}\r\nContent-Type:`))
    const ok = await phone.next()
    expect(ok.status?.code).toBe(200)
    expect(header(ok, "call-id")).toBe("hosted-call-1")
    const invite = parseSipMessage(carrierReceived.find((text) => text.includes("hosted-call-1"))!)!
    expect(invite.headers.filter(([name]) => name.toLowerCase() === "x-servicekit-tenant")).toEqual([
      ["X-ServiceKit-Tenant", other.tenantId]
    ])
    expect(header(invite, "authorization")).toBe(undefined)
    phone.close()
  })
})

describe("softphone WebSocket: a trunk that goes away", () => {
  it("closes the softphone's socket with 1014 when the TCP trunk hangs up or cannot be reached", async () => {
    const network = await Effect.runPromise(makeMemorySipNetwork())
    const trunk = await Effect.runPromise(network.listen({ host: "127.0.0.1", port: 5070, transport: "tcp" }))
    const kit = ServiceKit.make(Layer.merge(layerMemory({ settings: { outboundAllowPrivate: true } }), network.layer))
    const { listen } = await import("../src/Server.js")
    const server = await listen(kit, { port: 0 })
    try {
      const tenant = await kit.admin.createTenant({ name: "Phones", entitlements: ["voice"] })
      const token = testDashboardToken({ tenantId: tenant.id, role: "admin", sub: "a" })
      const register = (port: number) =>
        fetch(`${server.url}/api/sip/register`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ host: "127.0.0.1", port, transport: "tcp", username: "acme", password: "pw" })
        })
      const url = `${server.url.replace("http", "ws")}/api/sip/ws?token=${token}`

      expect((await register(5070)).status).toBe(200)
      const phone = await connectSoftphone(url)
      phone.send(outgoingCall("tcp-call").invite)
      expect(await Effect.runPromise(trunk.receive)).toContain("Call-ID: tcp-call")
      await Effect.runPromise(trunk.hangUp)
      expect(await phone.closed).toEqual({ code: 1014, reason: "The SIP trunk closed the connection" })

      expect((await register(5071)).status).toBe(200)
      const unreachable = await connectSoftphone(url)
      expect(await unreachable.closed).toEqual({ code: 1014, reason: "The SIP trunk is unreachable" })
    } finally {
      await server.close()
      await kit.dispose()
    }
  })
})
