import { Effect, type Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RateLimitResult, RateLimitStore } from "@servicekit/core/internal"

// A window start for every window size used below, far from the epoch.
const T0 = 1_800_000_000_000
const MINUTE = 60_000

/**
 * The behaviour every RateLimitStore must share. Keys are random per test, so suites
 * for the same backend (one Redis) can run side by side.
 */
export const rateLimitStoreConformance = (name: string, makeLayer: () => Layer.Layer<RateLimitStore, unknown>) =>
  describe(`RateLimitStore conformance: ${name}`, () => {
    let runtime: ManagedRuntime.ManagedRuntime<RateLimitStore, unknown>
    beforeAll(async () => {
      runtime = ManagedRuntime.make(makeLayer())
      await runtime.runtime()
    })
    afterAll(() => runtime?.dispose())

    const newKey = () => `conformance:${crypto.randomUUID()}`
    const hit = (key: string, limit: number, windowMs: number, nowMs: number) =>
      runtime.runPromise(Effect.flatMap(RateLimitStore, (store) => store.hit(key, limit, windowMs, nowMs)))
    const hits = async (key: string, limit: number, windowMs: number, times: ReadonlyArray<number>) => {
      const results: Array<RateLimitResult> = []
      for (const now of times) results.push(await hit(key, limit, windowMs, now))
      return results
    }

    it("counts hits within a window", async () => {
      const results = await hits(newKey(), 5, MINUTE, [T0, T0 + 10_000, T0 + MINUTE - 1])
      expect(results).toEqual([
        { allowed: true, limit: 5, remaining: 4, resetAt: (T0 + MINUTE) / 1000 },
        { allowed: true, limit: 5, remaining: 3, resetAt: (T0 + MINUTE) / 1000 },
        { allowed: true, limit: 5, remaining: 2, resetAt: (T0 + MINUTE) / 1000 }
      ])
    })

    it("disallows hits past the limit and never reports negative remaining", async () => {
      const results = await hits(newKey(), 2, MINUTE, [T0, T0 + 1, T0 + 2, T0 + 3, T0 + 4])
      expect(results.map((r) => r.allowed)).toEqual([true, true, false, false, false])
      expect(results.map((r) => r.remaining)).toEqual([1, 0, 0, 0, 0])
    })

    it("reports resetAt as the window end rounded up to whole seconds", async () => {
      // 1.5 s windows: T0 starts one, which ends at T0 + 1500 ms.
      const results = await hits(newKey(), 10, 1_500, [T0, T0 + 1_499])
      expect(results.map((r) => r.resetAt)).toEqual([T0 / 1000 + 2, T0 / 1000 + 2])
    })

    it("starts a new count in the next window", async () => {
      const key = newKey()
      const [, , full, next] = await hits(key, 2, MINUTE, [T0, T0 + 1, T0 + MINUTE - 1, T0 + MINUTE])
      expect(full).toMatchObject({ allowed: false, remaining: 0, resetAt: (T0 + MINUTE) / 1000 })
      expect(next).toEqual({ allowed: true, limit: 2, remaining: 1, resetAt: (T0 + 2 * MINUTE) / 1000 })
    })

    it("keeps keys independent", async () => {
      const [a, b] = [newKey(), newKey()]
      await hits(a, 3, MINUTE, [T0, T0 + 1, T0 + 2])
      expect(await hit(b, 3, MINUTE, T0 + 3)).toMatchObject({ allowed: true, remaining: 2 })
      expect(await hit(a, 3, MINUTE, T0 + 4)).toMatchObject({ allowed: false, remaining: 0 })
    })

    it("keeps a long window's count while other keys use short windows", async () => {
      // A day past the other tests' times, so any clean-up of finished windows is due.
      const t = T0 + 24 * 60 * MINUTE
      const [long, short] = [newKey(), newKey()]
      await hit(short, 10, 1_000, t)
      await hit(long, 10, 60 * MINUTE, t + 1)
      await hit(short, 10, 1_000, t + 5_000)
      expect(await hit(long, 10, 60 * MINUTE, t + 10_000)).toMatchObject({ remaining: 8 })
    })

    it("counts concurrent hits exactly once each", async () => {
      const key = newKey()
      const results = await runtime.runPromise(
        Effect.flatMap(RateLimitStore, (store) =>
          Effect.all(
            Array.from({ length: 50 }, (_, i) => store.hit(key, 100, MINUTE, T0 + i)),
            { concurrency: "unbounded" }
          )
        )
      )
      expect(results.map((r) => r.remaining).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 50 }, (_, i) => 50 + i)
      )
      expect(await hit(key, 100, MINUTE, T0 + 50)).toMatchObject({ remaining: 49 })
    })
  })
