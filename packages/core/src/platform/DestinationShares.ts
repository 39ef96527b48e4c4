/** Hands a taken connection back; calling it twice hands back one. */
export type Release = () => void

interface Share {
  taken: number
  /** When one of its connections last came back (or the share was made): what a wait is measured from. */
  lastFreed: number
  readonly waiting: Array<(release: Release | undefined) => void>
}

/**
 * At most `size` requests in flight to each destination at once; the others wait in order. A
 * waiter gives up once `waitMs` passed with none of the destination's connections coming back (a
 * receiver that holds them all, hanging), not because others are ahead of it while the
 * destination answers: a busy receiver is served at its own pace, a stuck one frees its waiters.
 * Whoever waits holds nothing else, and a destination nobody uses is forgotten, so the map holds
 * only destinations in use.
 */
export const makeDestinationShares = (size: number, now: () => number = () => performance.now()) => {
  const shares = new Map<string, Share>()

  const releaseOf = (destination: string, share: Share): Release => {
    let released = false
    return () => {
      if (released) return
      released = true
      share.lastFreed = now()
      const next = share.waiting.shift()
      if (next !== undefined) return next(releaseOf(destination, share))
      share.taken--
      if (share.taken === 0) shares.delete(destination)
    }
  }

  /**
   * One of the destination's connections, waiting as long as one comes back at least every
   * `waitMs` (Infinity: as long as it takes); undefined when none came back for `waitMs`, or
   * when `signal` gave the request up.
   */
  const take = (destination: string, waitMs: number, signal: AbortSignal): Promise<Release | undefined> => {
    let share = shares.get(destination)
    if (share === undefined) {
      share = { taken: 0, lastFreed: now(), waiting: [] }
      shares.set(destination, share)
    }
    if (share.taken < size) {
      share.taken++
      return Promise.resolve(releaseOf(destination, share))
    }
    if (waitMs <= 0 || signal.aborted) return Promise.resolve(undefined)
    const own = share
    const started = now()
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined
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
      // Measured from the later of this wait's start and the destination's last freed connection.
      const check = () => {
        const quiet = now() - Math.max(started, own.lastFreed)
        if (quiet >= waitMs) giveUp()
        else timer = setTimeout(check, waitMs - quiet)
      }
      if (Number.isFinite(waitMs)) timer = setTimeout(check, waitMs)
      signal.addEventListener("abort", giveUp, { once: true })
      own.waiting.push(settle)
    })
  }

  return { take }
}
