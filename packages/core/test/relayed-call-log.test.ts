import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CallsInProgress } from "../src/calling/CallsInProgress.js"
import { RelayedCallLog } from "../src/calling/RelayedCallLog.js"
import type { RelayedCallChange } from "../src/calling/RelayedCalls.js"
import { NOW, type TestKit, makeTestKit } from "./support.js"

const HEARTBEAT_MS = 10_000
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)
const call = (callId: string, seconds: number) =>
  ({ callId, direction: "outbound", fromId: "alice", toId: "+15550100", startedAt: at(seconds) }) as const
const started = (callId: string, seconds: number): RelayedCallChange => ({ _tag: "started", call: call(callId, seconds) })
const ended = (callId: string, from: number, to: number, durationSecs: number, result: string): RelayedCallChange => ({
  _tag: "ended",
  call: { ...call(callId, from), endedAt: at(to), durationSecs, result }
})

describe("the relayed calls' log", () => {
  let t: TestKit
  let tenantId: string
  let key: string
  const log = <A>(use: (log: RelayedCallLog["Type"]) => Effect.Effect<A>) => t.run(Effect.flatMap(RelayedCallLog, use))
  const inProgress = () =>
    t.run(Effect.flatMap(CallsInProgress, (calls) => calls.unseenSince(new Date(8_640_000_000_000_000), 100)))
  const recorded = async () => {
    const listed = await t.request("/api/v1/voice/calls?limit=100", { key })
    expect(listed.status).toBe(200)
    return listed.body.data as Array<Record<string, unknown>>
  }

  beforeAll(async () => {
    t = makeTestKit({ callHeartbeatMs: HEARTBEAT_MS })
    tenantId = (await t.createTenant()).id
    key = (await t.createKey(tenantId)).key
  })
  afterAll(() => t.dispose())

  it("keeps a call in progress from its INVITE, and writes its record once it ends", async () => {
    await log((calls) => calls.apply(tenantId, started("ok-1", 0)))
    await log((calls) => calls.apply(tenantId, { _tag: "answered", callId: "ok-1", at: at(1) }))
    expect(await inProgress()).toEqual([
      expect.objectContaining({ callId: "ok-1", startedAt: at(0), answeredAt: at(1), seenAt: at(1) })
    ])
    expect(await recorded()).toEqual([])
    await log((calls) => calls.apply(tenantId, ended("ok-1", 0, 4, 3, "completed")))
    expect(await inProgress()).toEqual([])
    expect(await recorded()).toEqual([expect.objectContaining({ callSid: "ok-1", result: "completed", durationSecs: 3 })])
  })

  it("records a call no relay has seen for three heartbeats as failed, answered for until it was last seen, once", async () => {
    t.clock.advance(10_000)
    await log((calls) => calls.apply(tenantId, started("lost-1", 10)))
    await log((calls) => calls.apply(tenantId, { _tag: "answered", callId: "lost-1", at: at(12) }))
    await log((calls) => calls.apply(tenantId, started("alive-1", 10)))
    t.clock.advance(10_000)
    // At 20 s the relay still carries lost-1; at 30 s only alive-1 (lost-1's host died meanwhile).
    await log((calls) => calls.seen(tenantId, ["lost-1", "alive-1"]))
    t.clock.advance(10_000)
    await log((calls) => calls.seen(tenantId, ["alive-1"]))
    // At 55 s, lost-1 was last seen 35 s ago, alive-1 25 s ago: only lost-1 is over three heartbeats.
    t.clock.advance(25_000)
    const [first, second] = await Promise.all([log((calls) => calls.sweep), log((calls) => calls.sweep)])
    expect(first + second).toBeGreaterThanOrEqual(1)
    const lost = (await recorded()).filter((call) => call.callSid === "lost-1")
    expect(lost).toEqual([
      expect.objectContaining({
        result: "failed",
        durationSecs: 8,
        startedAt: at(10).toISOString(),
        endedAt: at(20).toISOString()
      })
    ])
    expect((await inProgress()).map((call) => call.callId)).toEqual(["alive-1"])
    expect(await log((calls) => calls.sweep)).toBe(0)
    // Ended after all (it cannot be, with its host gone): its record stays the one written.
    await log((calls) => calls.apply(tenantId, ended("lost-1", 10, 60, 48, "completed")))
    expect((await recorded()).filter((call) => call.callSid === "lost-1")).toEqual(lost)
  })

  it("keeps a hostile Call-ID's record to 200 characters, and follows the call by the whole of it", async () => {
    const long = `${"x".repeat(10_000)}-a`
    const twin = `${"x".repeat(10_000)}-b`
    await log((calls) => calls.apply(tenantId, started(long, 60)))
    await log((calls) => calls.apply(tenantId, started(twin, 60)))
    expect((await inProgress()).filter((call) => call.callId.startsWith("xxx"))).toHaveLength(2)
    for (const callId of [long, twin]) await log((calls) => calls.apply(tenantId, ended(callId, 60, 61, 0, "busy")))
    const busy = (await recorded()).filter((call) => call.result === "busy")
    expect(busy).toHaveLength(2)
    expect(busy.map((call) => String(call.callSid).length)).toEqual([200, 200])
    expect((await inProgress()).filter((call) => call.callId.startsWith("xxx"))).toEqual([])
  })
})
