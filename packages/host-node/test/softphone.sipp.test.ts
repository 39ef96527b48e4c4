import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import twilio from "twilio"
import { afterAll, describe, expect, it } from "vitest"
import { header } from "../../core/src/calling/SipMessage.js"
import { startTrunk as startTrunkIn } from "./fixtures/sippTrunk.js"
import { connectSoftphone, outgoingCall } from "./fixtures/softphone.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-softphone-sipp-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const startTrunk = (scenario?: string) => startTrunkIn(dataDir, scenario)

const PUBLIC_URL = "https://platform.example"
const ADMIN_TOKEN = "softphone-test-platform-admin-token-0123"
const TWILIO_AUTH_TOKEN = "softphone-test-twilio-auth-token"

describe("softphone WebSocket against sipp as the tenant's trunk", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_PUBLIC_URL: PUBLIC_URL,
      SERVICEKIT_ADMIN_TOKEN: ADMIN_TOKEN,
      SERVICEKIT_TWILIO_AUTH_TOKEN: TWILIO_AUTH_TOKEN
    })
  )

  const registerTrunk = async (port: number) => {
    const registered = await fetch(`${served.url}/api/sip/register`, {
      method: "POST",
      headers: { authorization: `Bearer ${served.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ host: "127.0.0.1", port, transport: "udp", username: "acme", password: "s3cret-trunk-pass" })
    })
    expect(registered.status).toBe(200)
  }
  /** The tenant's one call record of this Call-ID, as the API lists it. */
  const recordedCall = async (callSid: string) => {
    const listed = await fetch(`${served.url}/api/v1/voice/calls?limit=100`, { headers: { authorization: `Bearer ${served.key}` } })
    expect(listed.status).toBe(200)
    const found = ((await listed.json()).data as Array<Record<string, any>>).filter((call) => call.callSid === callSid)
    expect(found).toHaveLength(1)
    return found[0]!
  }

  it("sets up a call through the relay, answering the trunk's challenge with the stored password, and tears it down", async () => {
    const trunk = await startTrunk()
    try {
      await registerTrunk(trunk.port)

      const phone = await connectSoftphone(`${served.url.replace("http", "ws")}/api/sip/ws?token=${served.admin}`)
      expect(phone.protocol).toBe("sip")
      const call = outgoingCall("softphone-call-1")
      phone.send(call.invite)

      // The challenge never reaches the softphone: it sees the answer to its own INVITE.
      const ringing = await phone.next()
      expect(ringing.status?.code).toBe(180)
      expect(header(ringing, "cseq")).toBe("1 INVITE")
      const ok = await phone.next()
      const answeredAt = Date.now()
      expect(ok.status?.code).toBe(200)
      expect(header(ok, "cseq")).toBe("1 INVITE")
      expect(header(ok, "via")).toBe("SIP/2.0/WSS h7kq2.invalid;branch=z9hG4bKinv1")
      // The SDP answer passes untouched: media flows between the ends, not through the relay.
      expect(ok.body).toContain("c=IN IP4 198.51.100.20")
      phone.send(call.ack(ok))

      // The trunk hangs up; the BYE comes through the relay and the softphone's 200 goes back.
      const bye = await phone.next()
      const hungUpAt = Date.now()
      expect(bye.request?.method).toBe("BYE")
      expect(header(bye, "call-id")).toBe("softphone-call-1")
      phone.send(call.okTo(bye))

      const exit = await trunk.exited
      expect(exit.code, exit.stderr).toBe(0)
      phone.close()
      expect((await phone.closed).code).toBe(1005)

      // The call is in the tenant's call log, once: talked from the answer to the trunk's BYE.
      const recorded = await recordedCall("softphone-call-1")
      expect(recorded).toMatchObject({
        direction: "outbound",
        fromId: "alice",
        toId: "+15550100",
        result: "completed",
        callSid: "softphone-call-1",
        mosScore: null
      })
      // SIPp talks 3 s after the ACK; the relay saw the answer and the BYE just before the phone did,
      // so the record's time talked is the phone's own, whatever the machine's load added to it.
      expect(recorded.durationSecs).toBeGreaterThanOrEqual(2.5)
      expect(Math.abs(recorded.durationSecs - (hungUpAt - answeredAt) / 1000)).toBeLessThan(1)
      expect(Date.parse(recorded.endedAt) - Date.parse(recorded.startedAt)).toBeGreaterThanOrEqual(recorded.durationSecs * 1000)
    } finally {
      trunk.stop()
    }
  }, 30_000)

  it("merges the carrier's signed report of the same call into the relay's record", async () => {
    const assigned = await fetch(`${served.url}/api/admin/tenants/${served.tenantId}/hosted-numbers/alice`, {
      method: "PUT",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` }
    })
    expect(assigned.status).toBe(200)
    const relayed = await recordedCall("softphone-call-1")
    // Twilio's status callback for the call out from the tenant's SIP identity, signed by Twilio's own helper.
    const fields = {
      AccountSid: "AC00000000000000000000000000000001",
      CallSid: "CA0123456789abcdef0123456789abcdef",
      CallStatus: "completed",
      CallDuration: String(Math.round(relayed.durationSecs)),
      Direction: "outbound-api",
      From: "sip:alice@tenant.sip.twilio.com",
      To: "+15550100",
      SipCallId: "softphone-call-1",
      Timestamp: new Date(relayed.endedAt).toUTCString().replace("GMT", "+0000"),
      AudioInMos: "4.2"
    }
    const url = `${PUBLIC_URL}/api/carriers/twilio/calls`
    const deliver = () =>
      fetch(`${served.url}/api/carriers/twilio/calls`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": twilio.getExpectedTwilioSignature(TWILIO_AUTH_TOKEN, url, fields)
        },
        body: new URLSearchParams(fields).toString()
      })
    for (const answer of [await deliver(), await deliver()]) {
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ recorded: true, callId: relayed.id })
    }
    // One record: the relay's, with the quality the carrier measured.
    expect(await recordedCall("softphone-call-1")).toEqual({ ...relayed, mosScore: 4.2 })
  })

  /** A call to the trunk playing `scenario`, which the trunk ends with `code` (after the phone's CANCEL, if `cancel`). */
  const unansweredCall = async (scenario: string, callId: string, code: number, cancel = false) => {
    const trunk = await startTrunk(scenario)
    try {
      await registerTrunk(trunk.port)
      const phone = await connectSoftphone(`${served.url.replace("http", "ws")}/api/sip/ws?token=${served.admin}`)
      const call = outgoingCall(callId)
      phone.send(call.invite)
      let answer = await phone.next()
      if (answer.status?.code === 180) {
        if (cancel) {
          phone.send(call.cancel)
          expect((await phone.next()).status?.code).toBe(200)
        }
        answer = await phone.next()
      }
      expect(answer.status?.code).toBe(code)
      phone.send(call.ackFailure(answer))
      const exit = await trunk.exited
      expect(exit.code, exit.stderr).toBe(0)
      phone.close()
      return recordedCall(callId)
    } finally {
      trunk.stop()
    }
  }

  it("records a call the trunk answers busy as busy, with no time talked", async () => {
    const recorded = await unansweredCall("busy", "softphone-busy-1", 486)
    expect(recorded).toMatchObject({ result: "busy", durationSecs: 0, direction: "outbound" })
  }, 30_000)

  it("records a call cancelled while it rang as canceled", async () => {
    expect(await unansweredCall("cancelled", "softphone-cancel-1", 487, true)).toMatchObject({
      result: "canceled",
      durationSecs: 0
    })
  }, 30_000)

  it("records a call nobody picked up as no-answer, from its INVITE to the trunk's giving up", async () => {
    const recorded = await unansweredCall("unanswered", "softphone-unanswered-1", 480)
    expect(recorded).toMatchObject({ result: "no-answer", durationSecs: 0 })
    expect(Date.parse(recorded.endedAt) - Date.parse(recorded.startedAt)).toBeGreaterThanOrEqual(1_900)
  }, 30_000)
})
