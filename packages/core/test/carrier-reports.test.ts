import { Effect } from "effect"
import twilio from "twilio"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RelayedCallLog } from "../src/calling/RelayedCallLog.js"
import { twilioSignature } from "../src/calling/TwilioCallStatus.js"
import { NOW, type TestKit, expectError, makeTestKit } from "./support.js"

const AUTH_TOKEN = "12345678901234567890123456789012"
const ADMIN = "platform-admin-token"
const CALLBACK_URL = "https://platform.example/api/carriers/twilio/calls"
const TENANT_NUMBER = "+15550100"
const CALLER = "+15550199"

let sids = 0
/** A fresh CallSid, as Twilio writes them. */
const callSid = () => `CA${(++sids).toString(16).padStart(32, "0")}`
const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000")

/** A final status callback as Twilio sends it for a call in to the tenant's number. */
const completed = (overrides: Record<string, string> = {}): Record<string, string> => ({
  AccountSid: "AC00000000000000000000000000000001",
  ApiVersion: "2010-04-01",
  CallSid: callSid(),
  CallStatus: "completed",
  CallDuration: "42",
  CallbackSource: "call-progress-events",
  Called: TENANT_NUMBER,
  Caller: CALLER,
  Direction: "inbound",
  From: CALLER,
  To: TENANT_NUMBER,
  SequenceNumber: "3",
  Timestamp: rfc2822(new Date(NOW.getTime() - 60_000)),
  ...overrides
})

describe("the hosted SIP carrier's call reports (Twilio status callbacks)", () => {
  let t: TestKit
  let tenantId: string
  let otherId: string
  let key: string

  /** Posts the fields form-encoded, signed with Twilio's own helper unless told otherwise. */
  const post = async (
    fields: Record<string, string>,
    options: { readonly signature?: string | null; readonly query?: string; readonly kit?: TestKit } = {}
  ) => {
    const query = options.query ?? ""
    const signature =
      options.signature === undefined
        ? twilio.getExpectedTwilioSignature(AUTH_TOKEN, CALLBACK_URL + query, fields)
        : options.signature
    const response = await (options.kit ?? t).kit.handler(
      new Request(`http://internal.host:8787/api/carriers/twilio/calls${query}`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(signature === null ? {} : { "x-twilio-signature": signature })
        },
        body: new URLSearchParams(fields).toString()
      }),
      { remoteAddress: "203.0.113.7" }
    )
    const text = await response.text()
    return { status: response.status, headers: response.headers, text, body: text === "" ? undefined : JSON.parse(text) }
  }
  const admin = (method: string, path: string) =>
    t.request(`/api/admin/tenants/${path}`, { method, headers: { authorization: `Bearer ${ADMIN}` } })
  const recorded = async () => {
    const listed = await t.request("/api/v1/voice/calls?limit=100", { key })
    expect(listed.status).toBe(200)
    return listed.body.data as Array<Record<string, unknown>>
  }

  beforeAll(async () => {
    t = makeTestKit({ publicUrl: "https://platform.example/", twilioAuthToken: AUTH_TOKEN, adminToken: ADMIN })
    tenantId = (await t.createTenant()).id
    otherId = (await t.createTenant(["voice"], "Other")).id
    key = (await t.createKey(tenantId)).key
  })
  afterAll(() => t.dispose())

  it("lets the platform route its carrier's numbers to tenants, one tenant a number", async () => {
    const assigned = await admin("PUT", `${tenantId}/hosted-numbers/%2B15550100`)
    expect(assigned.status).toBe(200)
    expect(assigned.body).toEqual({ number: TENANT_NUMBER, assignedAt: NOW.toISOString() })
    t.clock.advance(1_000)
    // Again to the same tenant: as it was.
    expect((await admin("PUT", `${tenantId}/hosted-numbers/%2B15550100`)).body).toEqual(assigned.body)
    expect((await admin("PUT", `${tenantId}/hosted-numbers/frontdesk`)).status).toBe(200)
    expectError(await admin("PUT", `${otherId}/hosted-numbers/%2B15550100`), 409, "hosted_number_taken")
    expect((await admin("GET", `${tenantId}/hosted-numbers`)).body.data.map((one: any) => one.number)).toEqual([
      TENANT_NUMBER,
      "frontdesk"
    ])
    expect((await admin("GET", `${otherId}/hosted-numbers`)).body).toEqual({ data: [] })

    for (const bad of ["%2B", "%2B0123", "front%20desk", "a%00b", "x".repeat(65)]) {
      const refused = await admin("PUT", `${tenantId}/hosted-numbers/${bad}`)
      expect(refused.status, bad).toBe(400)
    }
    expectError(await admin("PUT", `00000000-0000-4000-8000-000000000000/hosted-numbers/%2B15550111`), 404, "tenant_not_found")
    expectError(await admin("DELETE", `${otherId}/hosted-numbers/frontdesk`), 404, "hosted_number_not_found")
    expect((await admin("DELETE", `${tenantId}/hosted-numbers/frontdesk`)).status).toBe(204)
    expect((await admin("GET", `${tenantId}/hosted-numbers`)).body.data).toHaveLength(1)
    const withoutAdmin = await t.request(`/api/admin/tenants/${tenantId}/hosted-numbers`, { key })
    expect(withoutAdmin.status).toBe(401)
  })

  it("our signature is Twilio's: its own helper validates it", () => {
    const fields = completed()
    const signature = twilioSignature(AUTH_TOKEN, CALLBACK_URL, fields)
    expect(twilio.validateRequest(AUTH_TOKEN, signature, CALLBACK_URL, fields)).toBe(true)
    expect(twilio.validateRequest(AUTH_TOKEN, signature, CALLBACK_URL, { ...fields, CallDuration: "43" })).toBe(false)
  })

  it("records a signed final report once, however often Twilio delivers it", async () => {
    const fields = completed()
    const answers = [await post(fields), await post(fields), await post(fields)]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ recorded: true, callId: answers[0]!.body.callId })
    }
    const calls = (await recorded()).filter((call) => call.callSid === fields.CallSid)
    expect(calls).toEqual([
      {
        id: answers[0]!.body.callId,
        fromId: CALLER,
        toId: TENANT_NUMBER,
        direction: "inbound",
        durationSecs: 42,
        result: "completed",
        startedAt: new Date(NOW.getTime() - 102_000).toISOString(),
        endedAt: new Date(NOW.getTime() - 60_000).toISOString(),
        callSid: fields.CallSid,
        mosScore: null
      }
    ])
    // Counted in today's usage at once.
    const usage = await t.request("/api/v1/voice/usage", { key })
    expect(usage.body.minutesTodayUtc).toBeGreaterThanOrEqual(0.7)
  })

  it("attributes a call out by its caller's number, and records busy, no-answer, canceled and failed as such", async () => {
    for (const status of ["busy", "no-answer", "canceled", "failed"]) {
      const fields = completed({
        CallStatus: status,
        CallDuration: "0",
        Direction: "outbound-api",
        From: TENANT_NUMBER,
        To: "sip:+15550142@pstn.example;transport=udp"
      })
      expect((await post(fields)).status).toBe(200)
      const [call] = (await recorded()).filter((one) => one.callSid === fields.CallSid)
      expect(call).toMatchObject({ direction: "outbound", result: status, durationSecs: 0, fromId: TENANT_NUMBER, toId: "+15550142" })
    }
  })

  it("acknowledges a report before the end without storing it", async () => {
    const before = (await recorded()).length
    for (const status of ["queued", "initiated", "ringing", "in-progress"]) {
      const answer = await post(completed({ CallStatus: status }))
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ recorded: false, callId: null })
    }
    expect(await recorded()).toHaveLength(before)
  })

  it("refuses a report without Twilio's valid signature, storing nothing", async () => {
    const before = await recorded()
    const fields = completed()
    const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, CALLBACK_URL, fields)
    const tampered = [
      post({ ...fields, CallDuration: "4200" }, { signature }),
      post(fields, { signature: null }),
      post(fields, { signature: "" }),
      post(fields, { signature: twilio.getExpectedTwilioSignature("another-account-token", CALLBACK_URL, fields) }),
      post(fields, { signature: twilio.getExpectedTwilioSignature(AUTH_TOKEN, "https://elsewhere.example/hook", fields) }),
      post(fields, { signature, query: "?tenant=other" })
    ]
    for (const answer of await Promise.all(tampered)) expectError(answer, 401, "invalid_carrier_signature")
    expect(await recorded()).toEqual(before)
  })

  it("checks the signature over the URL's query as Twilio signs it", async () => {
    const answer = await post(completed(), { query: "?region=ie1&x=%2B1" })
    expect(answer.status).toBe(200)
    expect(answer.body.recorded).toBe(true)
  })

  it("refuses numbers no tenant holds, logging no payload", async () => {
    const before = await recorded()
    const answer = await post(completed({ From: "+15550177", To: "+15550178" }))
    expectError(answer, 404, "unknown_carrier_number")
    expect(await recorded()).toEqual(before)
  })

  it("merges the carrier's report with the relay's record of the same SIP call, in either order", async () => {
    const relay = (change: Parameters<RelayedCallLog["Type"]["apply"]>[1]) =>
      t.run(Effect.flatMap(RelayedCallLog, (log) => log.apply(tenantId, change)))
    const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)
    const relayed = (callId: string) => ({
      callId,
      direction: "inbound" as const,
      fromId: CALLER,
      toId: TENANT_NUMBER,
      startedAt: at(-30)
    })
    // The relay first, then the carrier with the same Call-ID and a quality score.
    await relay({ _tag: "started", call: relayed("merge-1@relay") })
    await relay({ _tag: "ended", call: { ...relayed("merge-1@relay"), endedAt: at(-10), durationSecs: 17.4, result: "completed" } })
    const first = await post(completed({ SipCallId: "merge-1@relay", CallDuration: "17", AudioInMos: "4.31" }))
    expect(first.status).toBe(200)
    const merged = (await recorded()).filter((call) => call.callSid === "merge-1@relay")
    expect(merged).toEqual([
      expect.objectContaining({ id: first.body.callId, durationSecs: 17.4, startedAt: at(-30).toISOString(), mosScore: 4.31 })
    ])

    // The carrier first: the relay's record of the same call adds nothing, and makes no second.
    const second = await post(completed({ SipCallId: "merge-2@relay", CallDuration: "5", AudioInMos: "3.9" }))
    await relay({ _tag: "started", call: relayed("merge-2@relay") })
    await relay({ _tag: "ended", call: { ...relayed("merge-2@relay"), endedAt: at(-20), durationSecs: 5.2, result: "completed" } })
    expect((await recorded()).filter((call) => call.callSid === "merge-2@relay")).toEqual([
      expect.objectContaining({ id: second.body.callId, durationSecs: 5, mosScore: 3.9 })
    ])
  })

  it("refuses hostile and malformed reports with a 4xx, never storing garbage or answering 5xx", async () => {
    const before = await recorded()
    const hostile: ReadonlyArray<Record<string, string>> = [
      completed({ CallDuration: "99999999" }),
      completed({ CallDuration: "-1" }),
      completed({ CallDuration: "1e3" }),
      completed({ CallDuration: "86401" }),
      completed({ Timestamp: "not a date" }),
      completed({ Timestamp: rfc2822(new Date(NOW.getTime() + 86_400_000)) }),
      completed({ Timestamp: "Thu, 01 Jan 1970 00:00:00 +0000" }),
      completed({ Timestamp: "x".repeat(10_000) }),
      completed({ From: `+1555${"9".repeat(10_000)}` }),
      completed({ From: "+15550199\u0001\u001b[31m" }),
      completed({ To: `sip:${"a".repeat(10_240)}@carrier.example` }),
      completed({ SipCallId: "x".repeat(201) }),
      completed({ SipCallId: "" }),
      completed({ CallSid: "CA-not-a-sid" }),
      completed({ CallStatus: "exploded" }),
      completed({ CallStatus: "" }),
      { CallSid: callSid() }
    ]
    for (const fields of hostile) {
      const answer = await post(fields)
      expect(answer.status, JSON.stringify(fields).slice(0, 200)).toBe(400)
      expect(answer.body.error.code).toMatch(/^(validation_failed|invalid_body)$/)
    }
    // NUL in a field, a JSON body, a repeated field, a body that is not a form at all.
    const raw = async (body: string, contentType = "application/x-www-form-urlencoded") =>
      t.kit.handler(
        new Request(`http://internal.host/api/carriers/twilio/calls`, {
          method: "POST",
          headers: { "content-type": contentType, "x-twilio-signature": "AAAA" },
          body
        }),
        { remoteAddress: "203.0.113.7" }
      )
    for (const answer of [
      await raw("CallSid=CA1&From=%00"),
      await raw(JSON.stringify(completed()), "application/json"),
      await raw("CallSid=a&CallSid=b"),
      await raw("%%%%&&&==="),
      await raw("a=".repeat(50_000))
    ]) {
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
    expect(await recorded()).toEqual(before)
  })

  it("is off until the platform sets its Twilio auth token", async () => {
    const off = makeTestKit({ publicUrl: "https://platform.example" })
    try {
      expectError(await post(completed(), { kit: off }), 404, "carrier_reports_off")
    } finally {
      await off.dispose()
    }
  })
})
