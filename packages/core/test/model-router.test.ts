import { LanguageModel, ModelRouter } from "@servicekit/core/internal"
import { makeScriptedLanguageModel } from "@servicekit/core/testing"
import { Effect, Either, Fiber, Layer, TestClock, TestContext } from "effect"
import { describe, expect, it } from "vitest"

const user = [{ role: "user" as const, content: "hello" }]

/** A router over a scripted model with the labels a, b and c, on the test clock. */
const withRouter = <A, E>(
  body: (router: ModelRouter["Type"], scripted: ReturnType<typeof makeScriptedLanguageModel>) => Effect.Effect<A, E>
) => {
  const scripted = makeScriptedLanguageModel({ labels: ["a", "b", "c"], timeoutMs: 1_000 })
  return Effect.runPromise(
    Effect.flatMap(ModelRouter, (router) => body(router, scripted)).pipe(
      Effect.provide(ModelRouter.layer.pipe(Layer.provide(Layer.succeed(LanguageModel, scripted.model)))),
      Effect.provide(TestContext.TestContext)
    )
  )
}

const outcomes = (attempts: ReadonlyArray<{ label: string; outcome: string }>) =>
  attempts.map((attempt) => `${attempt.label}:${attempt.outcome}`)

describe("model router", () => {
  it("answers from the first label and asks no other", async () => {
    await withRouter((router, scripted) =>
      Effect.gen(function* () {
        scripted.cue("a", { reply: "from a", usage: { inputTokens: 3, outputTokens: 2 } })
        const routed = yield* router.complete(["a", "b"], user)
        expect(routed.reply).toMatchObject({ text: "from a", label: "a", usage: { inputTokens: 3, outputTokens: 2 } })
        expect(outcomes(routed.attempts)).toEqual(["a:ok"])
        expect(scripted.requests().map((request) => request.label)).toEqual(["a"])
      })
    )
  })

  it("fails over across three labels on a 503, a malformed answer and a timeout, recording each", async () => {
    await withRouter((router, scripted) =>
      Effect.gen(function* () {
        scripted.cue("a", { status: 503 })
        scripted.cue("b", "malformed")
        scripted.cue("c", { reply: "from c" })
        const routed = yield* router.complete(["a", "b", "c"], user)
        expect(routed.reply.text).toBe("from c")
        expect(outcomes(routed.attempts)).toEqual(["a:unavailable", "b:malformed", "c:ok"])
        expect(routed.attempts[0]).toMatchObject({ status: 503 })
      })
    )
  })

  it("fails over on 401, 403, 404 and on a hang that times out", async () => {
    await withRouter((router, scripted) =>
      Effect.gen(function* () {
        scripted.cue("a", { status: 401 })
        scripted.cue("b", "hang")
        scripted.cue("c", { reply: "ok" })
        const call = yield* Effect.fork(router.complete(["a", "b", "c"], user))
        yield* TestClock.adjust(1_000)
        const routed = yield* Fiber.join(call)
        expect(outcomes(routed.attempts)).toEqual(["a:refused", "b:timeout", "c:ok"])
      })
    )
  })

  it("does not fail over on a context too long, and names the failure", async () => {
    await withRouter((router, scripted) =>
      Effect.gen(function* () {
        scripted.cue("a", "context_too_long")
        const failed = yield* Effect.flip(router.complete(["a", "b"], user))
        expect(failed.last.reason).toBe("context_too_long")
        expect(outcomes(failed.attempts)).toEqual(["a:context_too_long"])
        expect(failed.message).toContain("context window")
        expect(scripted.requests()).toHaveLength(1)
      })
    )
  })

  it("fails naming every provider failure when no label answers", async () => {
    await withRouter((router, scripted) =>
      Effect.gen(function* () {
        scripted.cue("a", { status: 500 })
        scripted.cue("b", { status: 429 })
        const failed = yield* Effect.flip(router.complete(["a", "b"], user))
        expect(failed.message).toMatch(/^Every model failed: a: .*HTTP 500.*; b: .*HTTP 429/)
        expect(outcomes(failed.attempts)).toEqual(["a:unavailable", "b:rate_limited"])
      })
    )
  })

  it("waits out a short Retry-After once on the same label, and moves on from a long one", async () => {
    await withRouter((router, scripted) =>
      Effect.gen(function* () {
        scripted.cue("a", { status: 429, retryAfterSeconds: 2 }, { reply: "after waiting" })
        const call = yield* Effect.fork(router.complete(["a", "b"], user))
        yield* TestClock.adjust(1_999)
        expect(scripted.requests()).toHaveLength(1)
        yield* TestClock.adjust(1)
        const routed = yield* Fiber.join(call)
        expect(routed.reply.text).toBe("after waiting")
        expect(outcomes(routed.attempts)).toEqual(["a:rate_limited", "a:ok"])

        scripted.cue("a", { status: 429, retryAfterSeconds: 120 })
        scripted.cue("b", { reply: "from b" })
        const movedOn = yield* router.complete(["a", "b"], user)
        expect(outcomes(movedOn.attempts)).toEqual(["a:rate_limited", "b:ok"])
      })
    )
  })

  it("skips a label that just failed while it cools down, doubling the cooldown, then asks it again", async () => {
    await withRouter((router, scripted) =>
      Effect.gen(function* () {
        scripted.cue("a", { status: 502 })
        expect(outcomes((yield* router.complete(["a", "b"], user)).attempts)).toEqual(["a:unavailable", "b:ok"])
        expect(outcomes((yield* router.complete(["a", "b"], user)).attempts)).toEqual(["a:cooling_down", "b:ok"])

        yield* TestClock.adjust(5_000)
        scripted.cue("a", { status: 502 })
        expect(outcomes((yield* router.complete(["a", "b"], user)).attempts)).toEqual(["a:unavailable", "b:ok"])
        // The second failure in a row cools it for 10 s.
        yield* TestClock.adjust(9_999)
        expect(outcomes((yield* router.complete(["a", "b"], user)).attempts)).toEqual(["a:cooling_down", "b:ok"])
        yield* TestClock.adjust(1)
        expect(outcomes((yield* router.complete(["a", "b"], user)).attempts)).toEqual(["a:ok"])
        // An answer resets it: the next failure cools for 5 s again.
        scripted.cue("a", { status: 502 })
        yield* router.complete(["a", "b"], user)
        yield* TestClock.adjust(5_000)
        expect(outcomes((yield* router.complete(["a", "b"], user)).attempts)).toEqual(["a:ok"])
      })
    )
  })

  it("asks cooling labels all the same when every label is cooling down", async () => {
    await withRouter((router, scripted) =>
      Effect.gen(function* () {
        scripted.cue("a", { status: 500 }, { reply: "a again" })
        scripted.cue("b", { status: 500 })
        yield* Effect.either(router.complete(["a", "b"], user))
        const routed = yield* router.complete(["a", "b"], user)
        expect(routed.reply.text).toBe("a again")
      })
    )
  })

  it("fails with unknown_label when no label is given or configured", async () => {
    await withRouter((router) =>
      Effect.gen(function* () {
        const none = yield* Effect.either(router.complete([], user))
        expect(Either.isLeft(none) && none.left.last.reason).toBe("unknown_label")
        const unknown = yield* Effect.flip(router.complete(["z"], user))
        expect(unknown.last.reason).toBe("unknown_label")
      })
    )
  })
})
