import { Effect, TestClock, TestContext } from "effect"
import { describe, expect, it } from "vitest"
import { SkillBusy } from "../src/module/SkillRunner.js"
import type { StepResult } from "../src/automations/records/Run.js"
import { waitForRoom } from "../src/automations/steps/StepOutcome.js"

const busy = new SkillBusy({ message: "The partner was busy: No connection to partner.example came free within 500 ms." })
const NOW = Date.parse("2026-11-29T12:00:00.000Z")

const outcomeAt = (previous: StepResult | undefined) =>
  Effect.runPromise(
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW)
      return yield* waitForRoom(busy, previous)
    }).pipe(Effect.provide(TestContext.TestContext))
  )

const waited = (busySince: string): StepResult => ({
  index: 0,
  type: "skill",
  name: null,
  status: "waiting_timer",
  output: { busy: busy.message, busySince, until: new Date(NOW).toISOString() },
  outputText: null,
  error: null,
  attempt: 1,
  approved: false,
  worker: null,
  startedAt: new Date(NOW - 5_000),
  finishedAt: null
})

describe("a skill step whose destination was busy", () => {
  it("waits without a worker for 1 to 11 s, from the first time it was turned away", async () => {
    const first = await outcomeAt(undefined)
    expect(first).toMatchObject({ kind: "pending", status: "waiting_timer", waitsOn: { kind: "timer", resourceId: null } })
    if (first.kind !== "pending") throw new Error("not waiting")
    expect(first.until.getTime() - NOW).toBeGreaterThanOrEqual(1_000)
    expect(first.until.getTime() - NOW).toBeLessThanOrEqual(11_000)
    expect(first.output).toEqual({ busy: busy.message, busySince: new Date(NOW).toISOString(), until: first.until.toISOString() })
    // Turned away again: it keeps the time it was first turned away.
    const since = new Date(NOW - 30 * 60_000).toISOString()
    const again = await outcomeAt(waited(since))
    expect(again.kind === "pending" && (again.output as { busySince: string }).busySince).toBe(since)
  })

  it("fails once it has been turned away for an hour, saying nothing was sent", async () => {
    const outcome = await outcomeAt(waited(new Date(NOW - 61 * 60_000).toISOString()))
    expect(outcome).toEqual({
      kind: "failed",
      error: `${busy.message} Nothing was sent; given up after 61 minutes.`,
      output: null
    })
  })
})
