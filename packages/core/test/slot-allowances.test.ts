import { describe, expect, it } from "vitest"
import { type SlotBuffer, slotAllowances } from "../src/jobs/FairTurns.js"

const waiting = (...tenants: Array<[string, number]>) => tenants.map(([tenant, weight]) => ({ tenant, weight }))
const held = (entries: Record<string, number>) => new Map(Object.entries(entries))

/** A buffer of `spare` jobs where each tenant's slots end `perSlot` jobs before the next rounds. */
const buffer = (spare: number, queued: Record<string, number>, perSlot: Record<string, number>): SlotBuffer => ({
  spare,
  queued: held(queued),
  endsSoon: (tenant, slots) => slots * (perSlot[tenant] ?? 0)
})

describe("a worker's slots among the tenants waiting", () => {
  it("gives each tenant its weighted part of the slots, less those it holds", () => {
    const allowances = slotAllowances(waiting(["heavy", 3], ["light", 1]), held({ heavy: 1 }), 4)
    expect(Object.fromEntries(allowances)).toEqual({ heavy: 2, light: 1 })
  })

  it("lets a tenant waiting alone take every slot and the whole buffer, counting the jobs it has waiting", () => {
    const allowances = slotAllowances(waiting(["alone", 1]), held({ alone: 2 }), 4, buffer(6, { alone: 3 }, {}))
    expect(allowances.get("alone")).toBe(4 + 6 - 2 - 3)
  })

  it("counts a tenant's jobs waiting in the buffer as held: a tenant with its part waiting gets no more", () => {
    const allowances = slotAllowances(
      waiting(["heavy", 3], ["light", 1]),
      held({ heavy: 2 }),
      2,
      buffer(8, { light: 3 }, { heavy: 10, light: 10 })
    )
    // Parts of the slots: 2 and 1; of the buffer: 6 and 2.
    expect(Object.fromEntries(allowances)).toEqual({ heavy: 2 + 6 - 2, light: 0 })
  })

  it("keeps a slow tenant's jobs out of the buffer: only what its slots end before the next rounds may wait", () => {
    const allowances = slotAllowances(
      waiting(["slow", 1], ["quick", 1]),
      held({ slow: 2, quick: 2 }),
      4,
      buffer(6, {}, { slow: 0, quick: 1 })
    )
    expect(Object.fromEntries(allowances)).toEqual({ slow: 0, quick: 2 })
  })
})
