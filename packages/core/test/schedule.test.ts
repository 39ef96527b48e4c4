import { describe, expect, it } from "vitest"
import { invalidSpec, nextDue } from "../src/jobs/Scheduler.js"

const at = (iso: string) => new Date(iso)

describe("schedule specs", () => {
  it("computes the next due time of intervals, 5-field UTC crons and one-shots", () => {
    const now = at("2026-11-22T10:03:20.000Z")
    expect(nextDue({ everySeconds: 30 }, now, now)).toEqual(at("2026-11-22T10:03:50.000Z"))
    expect(nextDue({ cron: "*/5 * * * *" }, now, now)).toEqual(at("2026-11-22T10:05:00.000Z"))
    expect(nextDue({ cron: "0 9 * * 1" }, now, now)).toEqual(at("2026-11-23T09:00:00.000Z"))
    expect(nextDue({ at: at("2026-12-01T00:00:00.000Z") }, now, now)).toEqual(at("2026-12-01T00:00:00.000Z"))
    expect(nextDue({ at: at("2026-12-01T00:00:00.000Z") }, at("2026-12-01T00:00:00.000Z"), now)).toBeNull()
  })

  it("collapses interval firings missed while no scheduler ran into the next one after now", () => {
    const lastDue = at("2026-11-22T10:00:00.000Z")
    const now = at("2026-11-22T10:07:25.000Z")
    // Every minute: the next due time stays on the schedule's grid, after now.
    expect(nextDue({ everySeconds: 60 }, lastDue, now)).toEqual(at("2026-11-22T10:08:00.000Z"))
  })

  it.each([
    [{ everySeconds: 0 }, /everySeconds/],
    [{ everySeconds: 2.5 }, /everySeconds/],
    [{ cron: "*/5 * * * * *" }, /5 fields/],
    [{ cron: "61 * * * *" }, /cron is not valid/],
    [{ at: new Date("not a date") }, /at must be a timestamp/]
  ])("refuses %j", (spec, reason) => {
    expect(invalidSpec(spec)).toMatch(reason)
  })

  it("accepts what it can fire", () => {
    for (const spec of [{ everySeconds: 1 }, { cron: "0 0 * * *" }, { at: new Date() }])
      expect(invalidSpec(spec)).toBeUndefined()
  })
})
