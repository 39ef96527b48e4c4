import { Deferred, Effect, Exit } from "effect"

/** A number of slots taken without waiting, for work a process takes on only while it has room. */
export interface Slots {
  /** Takes up to `wanted` of the free slots, none once closing; answers how many it took. */
  readonly take: (wanted: number) => number
  readonly give: (count: number) => void
  /** Takes no slot after it starts; ends once every slot taken has been given back. */
  readonly close: Effect.Effect<void>
}

export const makeSlots = (capacity: number): Effect.Effect<Slots> =>
  Effect.map(Deferred.make<void>(), (drained) => {
    let free = capacity
    let closing = false
    const settle = () => {
      if (closing && free >= capacity) Deferred.unsafeDone(drained, Exit.void)
    }
    return {
      take: (wanted) => {
        const taken = closing ? 0 : Math.max(0, Math.min(wanted, free))
        free -= taken
        return taken
      },
      give: (count) => {
        free += count
        settle()
      },
      close: Effect.suspend(() => {
        closing = true
        settle()
        return Deferred.await(drained)
      })
    }
  })
