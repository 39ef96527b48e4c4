import { describe, expect, it } from "vitest"
import { type RelayedCallChange, identityOf, makeRelayedCalls, unseenCall } from "../src/calling/RelayedCalls.js"
import { type SipMessage, parseSipMessage } from "../src/calling/SipMessage.js"

const crlf = (lines: ReadonlyArray<string>) => `${lines.join("\r\n")}\r\n\r\n`

const dialog = (callId: string, cseq: string, toTag?: string) => [
  "Via: SIP/2.0/WSS h7kq2.invalid;branch=z9hG4bK1",
  `From: <sip:alice@trunk.test>;tag=a1`,
  `To: <sip:+15550100@trunk.test>${toTag === undefined ? "" : `;tag=${toTag}`}`,
  `Call-ID: ${callId}`,
  `CSeq: ${cseq}`
]
const parsed = (text: string): SipMessage => parseSipMessage(text)!
const invite = (callId: string, toTag?: string) =>
  parsed(crlf(["INVITE sip:+15550100@trunk.test SIP/2.0", ...dialog(callId, "1 INVITE", toTag)]))
const response = (callId: string, code: number, method = "INVITE") =>
  parsed(crlf([`SIP/2.0 ${code} Reason`, ...dialog(callId, `1 ${method}`, "t1")]))
const request = (callId: string, method: string) =>
  parsed(crlf([`${method} sip:+15550100@trunk.test SIP/2.0`, ...dialog(callId, `2 ${method}`, "t1")]))
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 30, 10, 0, seconds))
/** The call a change ended, if it ended one. */
const endedBy = (change: RelayedCallChange | undefined) => (change?._tag === "ended" ? change.call : undefined)

describe("the calls a softphone connection carries", () => {
  it("records an answered call from its INVITE to its BYE, talked from the answer, whichever side hangs up", () => {
    const calls = makeRelayedCalls()
    expect(calls.observe("softphone", invite("c1"), at(0))).toEqual({
      _tag: "started",
      call: { callId: "c1", direction: "outbound", fromId: "alice", toId: "+15550100", startedAt: at(0) }
    })
    expect(calls.openCallIds()).toEqual(["c1"])
    // The trunk's challenge is answered by the relay: no end.
    expect(calls.observe("trunk", response("c1", 401), at(0))).toBeUndefined()
    expect(calls.observe("trunk", response("c1", 180), at(1))).toBeUndefined()
    expect(calls.observe("trunk", response("c1", 200), at(4))).toEqual({ _tag: "answered", callId: "c1", at: at(4) })
    // A retransmitted answer answers nothing more; a re-INVITE inside the dialog starts no call.
    expect(calls.observe("trunk", response("c1", 200), at(4))).toBeUndefined()
    expect(calls.observe("softphone", invite("c1", "t1"), at(5))).toBeUndefined()
    expect(endedBy(calls.observe("trunk", request("c1", "BYE"), at(9)))).toEqual({
      callId: "c1",
      direction: "outbound",
      fromId: "alice",
      toId: "+15550100",
      startedAt: at(0),
      endedAt: at(9),
      durationSecs: 5,
      result: "completed"
    })
    // Ended: its BYE's answer and a repeated BYE record nothing more.
    expect(calls.observe("softphone", response("c1", 200, "BYE"), at(9))).toBeUndefined()
    expect(calls.observe("trunk", request("c1", "BYE"), at(10))).toBeUndefined()
    expect(calls.close(at(11))).toEqual([])
    expect(calls.openCallIds()).toEqual([])
  })

  it("names an INVITE from the trunk inbound", () => {
    const calls = makeRelayedCalls()
    calls.observe("trunk", invite("in1"), at(0))
    calls.observe("softphone", response("in1", 200), at(2))
    expect(endedBy(calls.observe("softphone", request("in1", "BYE"), at(3)))).toMatchObject({
      direction: "inbound",
      durationSecs: 1
    })
  })

  it("records an unanswered call by its final status, with no time talked", () => {
    for (const [code, result] of [
      [486, "busy"],
      [600, "busy"],
      [408, "no-answer"],
      [480, "no-answer"],
      [487, "canceled"],
      [603, "rejected"],
      [404, "failed"],
      [503, "failed"]
    ] as const) {
      const calls = makeRelayedCalls()
      calls.observe("softphone", invite("c2"), at(0))
      expect(endedBy(calls.observe("trunk", response("c2", code), at(3))), String(code)).toMatchObject({
        result,
        durationSecs: 0,
        endedAt: at(3)
      })
    }
  })

  it("records a call the softphone cancelled as canceled, whatever the trunk answers", () => {
    const calls = makeRelayedCalls()
    calls.observe("softphone", invite("c3"), at(0))
    calls.observe("softphone", request("c3", "CANCEL"), at(2))
    expect(calls.observe("trunk", response("c3", 200, "CANCEL"), at(2))).toBeUndefined()
    expect(endedBy(calls.observe("trunk", response("c3", 487), at(2)))).toMatchObject({
      result: "canceled",
      durationSecs: 0
    })
  })

  it("ends the calls still open when the connection ends as failed, with the time they were answered for", () => {
    const calls = makeRelayedCalls()
    calls.observe("softphone", invite("talking"), at(0))
    calls.observe("trunk", response("talking", 200), at(2))
    calls.observe("softphone", invite("ringing"), at(5))
    expect(calls.close(at(10))).toEqual([
      expect.objectContaining({ callId: "talking", result: "failed", durationSecs: 8, endedAt: at(10) }),
      expect.objectContaining({ callId: "ringing", result: "failed", durationSecs: 0 })
    ])
    expect(calls.close(at(11))).toEqual([])
  })

  it("ends a call whose relay went away unseen as failed when it was last seen, answered for until then", () => {
    const call = {
      tenantId: "t",
      id: "r",
      callId: "lost",
      direction: "outbound",
      fromId: "a",
      toId: "b",
      startedAt: at(0)
    } as const
    expect(unseenCall({ ...call, answeredAt: at(2), seenAt: at(32) })).toEqual({
      callId: "lost",
      direction: "outbound",
      fromId: "a",
      toId: "b",
      startedAt: at(0),
      endedAt: at(32),
      durationSecs: 30,
      result: "failed"
    })
    expect(unseenCall({ ...call, answeredAt: null, seenAt: at(5) })).toMatchObject({ durationSecs: 0, endedAt: at(5) })
  })

  it("keeps of a far end's identity its printable user part, at most 200 characters", () => {
    expect(identityOf("<sip:+15550100@trunk.test>;tag=1")).toBe("+15550100")
    expect(identityOf('"Alice" <sips:alice@example.com>')).toBe("alice")
    expect(identityOf("tel:+15550100;phone-context=x")).toBe("+15550100")
    expect(identityOf("<sip:bob\u0000\u001b[31m@x>")).toBe("bob[31m")
    expect(identityOf(`<sip:${"9".repeat(10_000)}@x>`)).toHaveLength(200)
    expect(identityOf("<sip:@trunk.test>")).toBe("anonymous")
    expect(identityOf(undefined)).toBe("anonymous")
  })
})
