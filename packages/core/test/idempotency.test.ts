import { IdempotencyStore, idempotent } from "@servicekit/core/internal"
import { layerMemory } from "@servicekit/core/testing"
import { Effect, Exit, Layer, Option, Schema, TestClock, TestContext } from "effect"
import { describe, expect, it } from "vitest"

const Result = Schema.Struct({ n: Schema.Number })
const run = <A, E>(effect: Effect.Effect<A, E, any>) =>
  Effect.runPromise(Effect.provide(effect, Layer.merge(layerMemory(), TestContext.TestContext)) as Effect.Effect<A, E>)

const request = (key: string | undefined, fingerprint = "f1") => ({
  tenantId: "t1",
  scope: "things.create",
  key,
  fingerprint
})
const claimOf = (key: string) => ({ ...request(key), key, createdAt: new Date(0) })

describe("idempotent", () => {
  it("runs once per key, answers repeats with the stored response, refuses another body", () =>
    run(
      Effect.gen(function* () {
        let runs = 0
        const create = Effect.sync(() => ({ n: ++runs }))
        expect(yield* idempotent(request("k"), Result, create)).toEqual({ n: 1 })
        expect(yield* idempotent(request("k"), Result, create)).toEqual({ n: 1 })
        const other = yield* Effect.flip(idempotent(request("k", "f2"), Result, create))
        expect(other._tag).toBe("IdempotencyKeyReused")
        expect(yield* idempotent({ ...request("k"), tenantId: "t2" }, Result, create)).toEqual({ n: 2 })
        expect(yield* idempotent(request(undefined), Result, create)).toEqual({ n: 3 })
        expect(yield* idempotent(request(undefined), Result, create)).toEqual({ n: 4 })
      })
    ))

  it("answers 409 while the first request runs, takes over a claim abandoned for a minute, and frees a failed one", () =>
    run(
      Effect.gen(function* () {
        const store = yield* IdempotencyStore
        const now = new Date(0)
        yield* store.claim(claimOf("busy"), { expiredBefore: now, abandonedBefore: now })
        const busy = yield* Effect.flip(idempotent(request("busy"), Result, Effect.succeed({ n: 1 })))
        expect(busy._tag).toBe("IdempotencyInProgress")
        yield* TestClock.adjust("61 seconds")
        expect(yield* idempotent(request("busy"), Result, Effect.succeed({ n: 2 }))).toEqual({ n: 2 })

        const failed = yield* Effect.exit(idempotent(request("fails"), Result, Effect.fail("boom")))
        expect(Exit.isFailure(failed)).toBe(true)
        expect(yield* idempotent(request("fails"), Result, Effect.succeed({ n: 3 }))).toEqual({ n: 3 })

        // Once 24 hours have passed a key is new again.
        yield* TestClock.adjust("86401 seconds")
        expect(yield* idempotent(request("busy", "other body"), Result, Effect.succeed({ n: 4 }))).toEqual({ n: 4 })
        const held = yield* store.claim(claimOf("busy"), { expiredBefore: new Date(0), abandonedBefore: new Date(0) })
        expect(Option.map(held, (record) => record.response)).toEqual(Option.some({ n: 4 }))
      })
    ))

  it("lets exactly one of many concurrent first requests run", () =>
    run(
      Effect.gen(function* () {
        let runs = 0
        const slow = Effect.zipRight(
          Effect.yieldNow(),
          Effect.sync(() => ({ n: ++runs }))
        )
        const results = yield* Effect.all(
          Array.from({ length: 10 }, () => Effect.either(idempotent(request("race"), Result, slow))),
          { concurrency: "unbounded" }
        )
        expect(runs).toBe(1)
        for (const result of results) {
          if (result._tag === "Left") expect(result.left._tag).toBe("IdempotencyInProgress")
          else expect(result.right).toEqual({ n: 1 })
        }
      })
    ))
})
