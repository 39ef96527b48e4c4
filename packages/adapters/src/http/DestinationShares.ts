/** Hands a taken connection back; calling it twice hands back one. */
export type Release = () => void

interface Share {
  taken: number
  readonly waiting: Array<(release: Release | undefined) => void>
}

/**
 * At most `size` requests in flight to each destination at once; the others wait in order, each
 * for as long as it may. Whoever waits holds nothing else, and a destination nobody uses is
 * forgotten, so the map holds only destinations in use.
 */
export const makeDestinationShares = (size: number) => {
  const shares = new Map<string, Share>()

  const releaseOf = (destination: string, share: Share): Release => {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = share.waiting.shift()
      if (next !== undefined) return next(releaseOf(destination, share))
      share.taken--
      if (share.taken === 0) shares.delete(destination)
    }
  }

  /**
   * One of the destination's connections, waiting at most `waitMs` (Infinity: as long as it
   * takes); undefined when none came free in time or `signal` gave the request up.
   */
  const take = (destination: string, waitMs: number, signal: AbortSignal): Promise<Release | undefined> => {
    let share = shares.get(destination)
    if (share === undefined) {
      share = { taken: 0, waiting: [] }
      shares.set(destination, share)
    }
    if (share.taken < size) {
      share.taken++
      return Promise.resolve(releaseOf(destination, share))
    }
    if (waitMs <= 0 || signal.aborted) return Promise.resolve(undefined)
    const own = share
    return new Promise((resolve) => {
      const settle = (release: Release | undefined) => {
        clearTimeout(timer)
        signal.removeEventListener("abort", giveUp)
        resolve(release)
      }
      const giveUp = () => {
        const at = own.waiting.indexOf(settle)
        if (at >= 0) own.waiting.splice(at, 1)
        settle(undefined)
      }
      const timer = Number.isFinite(waitMs) ? setTimeout(giveUp, waitMs) : undefined
      signal.addEventListener("abort", giveUp, { once: true })
      own.waiting.push(settle)
    })
  }

  return { take }
}
