import { useEffect, useRef } from "preact/hooks"

/** How often a live list re-reads what it shows. */
export const LIVE_INTERVAL_MS = 5_000

/**
 * Calls `refresh` every few seconds while `active` and the tab is visible, and at once when the
 * tab shows again: a hidden tab, an unmounted page or an inactive list (a later page the user
 * paged to) sends nothing.
 */
export const useLiveRefresh = (refresh: () => void, active: boolean) => {
  // The newest `refresh`, so the timer need not restart when the page re-renders.
  const latest = useRef(refresh)
  latest.current = refresh
  useEffect(() => {
    if (!active) return
    let timer: ReturnType<typeof setInterval> | undefined
    const start = () => {
      if (timer === undefined) timer = setInterval(() => latest.current(), LIVE_INTERVAL_MS)
    }
    const stop = () => {
      clearInterval(timer)
      timer = undefined
    }
    const follow = () => {
      if (document.hidden) stop()
      else {
        latest.current()
        start()
      }
    }
    if (!document.hidden) start()
    document.addEventListener("visibilitychange", follow)
    return () => {
      stop()
      document.removeEventListener("visibilitychange", follow)
    }
  }, [active])
}
