import { CallingService } from "@servicekit/core"
import { Effect } from "effect"
import { expect, it } from "vitest"
import twilio from "twilio"
import {
  ADMIN_TOKEN,
  type ContractContext,
  KEY_RATE_LIMIT,
  PUBLIC_URL,
  TWILIO_AUTH_TOKEN,
  UNKNOWN_ID,
  openSocket
} from "./setup.js"

/** Calls and voice: call records and usage, the key rate limit, the calls dashboard, SIP trunks and hosted numbers. */
export const callsTests = (context: ContractContext) => {
  const { served, recorder, connect, tenantWith, expectOk, expectError } = context

  it("reads call records and usage, pages with .all(), and answers the planned numbers route with its 501", async () => {
    const startedAt = new Date(Date.now() - 60_000).toISOString()
    await served.kit.runtime.runPromise(
      Effect.flatMap(CallingService, (calling) =>
        calling.ingest(served.tenantId, [
          {
            fromId: "+15550001",
            toId: "+15550002",
            direction: "inbound",
            durationSecs: 60,
            result: "completed",
            startedAt
          },
          {
            fromId: "+15550003",
            toId: "+15550004",
            direction: "outbound",
            durationSecs: 30,
            result: "completed",
            startedAt
          }
        ])
      )
    )
    const voice = connect({ apiKey: served.key })
    const page = expectOk(await voice.calling.listCalls({ query: { limit: 1 } }))
    expect(page.data).toHaveLength(1)
    expect(page.meta.nextCursor).not.toBeNull()
    const every = []
    for await (const call of voice.calling.listCalls.all({ query: { limit: 1 } })) every.push(call)
    expect(every.map((call) => call.fromId).sort()).toEqual(["+15550001", "+15550003"])
    const call = expectOk(await voice.calling.getCall({ path: { id: page.data[0].id } }))
    expect(call).toEqual(page.data[0])
    const usage = expectOk(await voice.calling.getUsage())
    // Both calls started a minute ago: today, unless the UTC day turned since.
    const startedToday = startedAt.slice(0, 10) === new Date().toISOString().slice(0, 10)
    expect(usage.callsStartedTodayUtc).toBe(startedToday ? 2 : 0)

    // The planned route's documented answer is its 501.
    const planned = await voice.calling.listNumbers()
    expect(expectError(planned, 501).code).toBe("not_available")

    const missing = await voice.calling.getCall({ path: { id: UNKNOWN_ID } })
    if (missing.error?.code === "call_not_found") expect(missing.error.status).toBe(404)
    const notFound = expectError(missing, 404)
    expect(notFound.code).toBe("call_not_found")
    // @ts-expect-error: getCall documents no conversation_not_found
    expect(notFound.code === "conversation_not_found").toBe(false)

    const invalid = expectError(await voice.calling.listCalls({ query: { limit: 0 } }), 400)
    expect(invalid.code).toBe("validation_failed")
    expect(invalid.details).toEqual([expect.objectContaining({ field: "limit" })])
    // @ts-expect-error: a 400 is never a rate limit
    expect(invalid.code === "rate_limited").toBe(false)
  })

  it("answers 429 once a key has used its minute's requests, with Retry-After and the limit's headers", async () => {
    const admin = connect({ token: ADMIN_TOKEN })
    const tenant = expectOk(
      await admin.platformAdmin.createTenant({ body: { name: "Busy", entitlements: ["voice"] } })
    )
    const { key } = expectOk(
      await admin.platformAdmin.createTenantApiKey({
        path: { tenantId: tenant.id },
        body: { product: "voice", environment: "live", scopes: ["voice:read"] }
      })
    )
    const busy = connect({ apiKey: key })
    // Windows are clock minutes: a burst that meets the minute's turn needs a second budget at most.
    let last = await busy.calling.getUsage(undefined, { maxRetries: 0 })
    for (let sent = 1; last.status !== 429 && sent <= 2 * KEY_RATE_LIMIT + 1; sent++) {
      last = await busy.calling.getUsage(undefined, { maxRetries: 0 })
    }
    const limited = expectError(last, 429)
    expect(limited.code).toBe("rate_limited")
    // @ts-expect-error: a 429 is never a permission code
    expect(limited.code === "missing_scope").toBe(false)
    expect(last.rateLimit).toMatchObject({ limit: KEY_RATE_LIMIT, remaining: 0 })
    expect(Number(last.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
  })

  it("lists, summarizes and exports the tenant's calls on the dashboard, as CSV and as JSON", async () => {
    const dashboard = connect({ dashboardToken: served.admin })
    const listed = expectOk(await dashboard.callsDashboard.listDashboardCalls({ query: { limit: 100 } }))
    expect(listed.items.length).toBeGreaterThanOrEqual(2)
    const summary = expectOk(await dashboard.callsDashboard.getCallSummary())
    expect(summary.calls).toBe(listed.items.length)

    // CSV by default: a header line, then the listed calls in the same order, one a line.
    const csv = await dashboard.callsDashboard.exportCalls()
    const text = expectOk(csv)
    expect(csv.response.headers.get("content-type")).toBe("text/csv; charset=utf-8")
    expect(typeof text).toBe("string")
    const [header, ...rows] = typeof text === "string" ? text.trimEnd().split("\r\n") : []
    expect(header).toBe("id,fromId,toId,direction,durationSecs,result,startedAt,endedAt,callSid,mosScore")
    expect(rows.map((row) => row.split(",")[0])).toEqual(listed.items.map((call) => call.id))
    const exported = expectOk(await dashboard.callsDashboard.exportCalls({ query: { format: "json" } }))
    expect(exported).toEqual(listed.items)
  })

  it("registers a SIP trunk, keeps it exclusive of hosted SIP, and opens the softphone's socket", async () => {
    const dashboard = connect({ dashboardToken: served.admin })
    const trunk = {
      host: "sip.carrier.example",
      username: "acme-1",
      password: "s3cret-trunk-pass",
      port: 5061,
      transport: "tls"
    } as const
    const registered = expectOk(await dashboard.sipDashboard.registerTrunk({ body: trunk }))
    expect(registered).toMatchObject({ host: trunk.host, port: 5061, transport: "tls" })
    expect(registered).not.toHaveProperty("password")
    expect(expectOk(await dashboard.sipDashboard.getTrunkStatus())).toEqual(registered)
    expect(expectOk(await dashboard.sipDashboard.removeTrunk())).toEqual(registered)
    expect(expectOk(await dashboard.sipDashboard.getTrunkStatus())).toBeNull()

    expect(expectOk(await dashboard.sipDashboard.getHostedSip())).toMatchObject({
      optedIn: false,
      platform: { ready: true, domain: "sip.platform.test" }
    })
    expect(expectOk(await dashboard.sipDashboard.optInHostedSip())).toMatchObject({ optedIn: true })
    const conflict = expectError(await dashboard.sipDashboard.registerTrunk({ body: trunk }), 409)
    expect(conflict.code).toBe("hosted_sip_active")
    // @ts-expect-error: a 409 of registerTrunk is never a conversation's state
    expect(conflict.code === "conversation_closed").toBe(false)

    const member = connect({
      dashboardToken: (await served.kit.admin.issueDashboardToken(served.tenantId, { sub: "m", role: "member" }))
        .token
    })
    expect(expectError(await member.sipDashboard.registerTrunk({ body: trunk }), 403).code).toBe("admin_required")

    // Any role may phone: the member's token rides in the URL the client gives.
    const url = await member.softphone.connectSoftphone()
    expect(new URL(url).protocol).toBe("ws:")
    const phone = await openSocket(url, ["sip"])
    recorder.socketOpened(url, phone.upgradeStatus)
    expect(phone.upgradeStatus).toBe(101)
    expect(phone.protocol).toBe("sip")
    phone.socket.close()

    expect(expectOk(await dashboard.sipDashboard.optOutHostedSip())).toMatchObject({
      optedIn: false,
      optedInAt: null
    })
  })

  it("routes hosted numbers to a tenant, whose call the carrier's signed report records", async () => {
    const admin = connect({ token: ADMIN_TOKEN })
    const calling = await tenantWith("Carrier", ["voice"])
    const number = { path: { tenantId: calling.id, number: "+15550123" } }
    const assigned = expectOk(await admin.hostedNumbersAdmin.assignHostedNumber(number))
    expect(assigned).toEqual({ number: "+15550123", assignedAt: expect.any(String) })
    expect(expectOk(await admin.hostedNumbersAdmin.listHostedNumbers({ path: { tenantId: calling.id } }))).toEqual({
      data: [assigned]
    })
    const elsewhere = await tenantWith("Elsewhere", ["voice"])
    const taken = { path: { tenantId: elsewhere.id, number: "+15550123" } }
    expect(expectError(await admin.hostedNumbersAdmin.assignHostedNumber(taken), 409).code).toBe("hosted_number_taken")

    // Twilio's callback, form-encoded and signed over the kit's public URL with Twilio's own helper.
    const fields = {
      CallSid: "CAfeedfacefeedfacefeedfacefeedface",
      CallStatus: "completed",
      CallDuration: "61",
      Direction: "inbound",
      From: "+15550999",
      To: "+15550123",
      Timestamp: new Date().toUTCString().replace("GMT", "+0000")
    }
    const signature = twilio.getExpectedTwilioSignature(
      TWILIO_AUTH_TOKEN,
      `${PUBLIC_URL}/api/carriers/twilio/calls`,
      fields
    )
    const carrier = connect()
    const report = expectOk(
      await carrier.carrierReports.twilioCallStatus({ body: fields, headers: { "x-twilio-signature": signature } })
    )
    expect(report).toEqual({ recorded: true, callId: expect.any(String) })
    const forged = await carrier.carrierReports.twilioCallStatus({ body: fields, headers: { "x-twilio-signature": "x" } })
    expect(expectError(forged, 401).code).toBe("invalid_carrier_signature")
    const reporting = connect({ apiKey: await calling.key({ product: "voice", scopes: ["voice:read"] }) })
    expect(expectOk(await reporting.calling.getCall({ path: { id: report.callId! } }))).toMatchObject({
      direction: "inbound",
      durationSecs: 61,
      callSid: fields.CallSid
    })

    expect(expectOk(await admin.hostedNumbersAdmin.releaseHostedNumber(number))).toBeUndefined()
    expect(expectError(await admin.hostedNumbersAdmin.releaseHostedNumber(number), 404).code).toBe(
      "hosted_number_not_found"
    )
  })
}
