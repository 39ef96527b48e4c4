import { Effect, Fiber } from "effect"
import { describe, expect, it } from "vitest"
import { makeSlots } from "../src/platform/Slots.js"

describe("slots", () => {
  it("takes what is free without waiting, none once closing, and closes when every slot is back", async () => {
    const slots = await Effect.runPromise(makeSlots(3))
    expect(slots.take(2)).toBe(2)
    expect(slots.take(2)).toBe(1)
    expect(slots.take(1)).toBe(0)
    slots.give(1)
    expect(slots.take(5)).toBe(1)
    expect(slots.take(-1)).toBe(0)

    const closing = Effect.runFork(slots.close)
    expect(slots.take(1)).toBe(0)
    slots.give(2)
    await Effect.runPromise(Effect.yieldNow())
    expect(closing.unsafePoll()).toBeNull()
    slots.give(1)
    await Effect.runPromise(Fiber.join(closing))
    expect(slots.take(1)).toBe(0)
  })

  it("closes at once when no slot is taken", async () => {
    const slots = await Effect.runPromise(makeSlots(2))
    await Effect.runPromise(slots.close)
    expect(slots.take(1)).toBe(0)
  })
})
