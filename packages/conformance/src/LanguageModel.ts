import {
  LanguageModel,
  type ModelFailed,
  type ModelMessage,
  type ModelRequest,
  type ModelTool
} from "@servicekit/core/internal"
import type { ModelCue } from "@servicekit/core/testing"
import { Effect, Either, type Layer } from "effect"
import { describe, expect, it } from "vitest"

export interface LanguageModelHarness {
  /** A LanguageModel with a label map of exactly `labels`, whose calls time out within a second. */
  readonly layer: Layer.Layer<LanguageModel>
  /** Two configured labels; the first is the default and calls tools natively, the second by the text protocol. */
  readonly labels: readonly [string, string]
  /** Queues what the next calls of `label` do, in order. */
  readonly cue: (label: string, ...cues: ReadonlyArray<ModelCue>) => void
  /** Every call that reached the model, oldest first, by label. */
  readonly received: () => ReadonlyArray<ModelRequest>
  /** Stops whatever the harness started; runs after the layer is released. */
  readonly close: () => Promise<void>
}

const conversation: ReadonlyArray<ModelMessage> = [
  { role: "system", content: "You answer in one word." },
  { role: "user", content: "Größte Stadt? 東京 or \"Paris\"\n— say it" },
  { role: "assistant", content: "Tokyo" },
  { role: "user", content: "And the second?" }
]

/** What every LanguageModel must do: answer, and fail each way with the same typed reason. */
export const languageModelConformance = (name: string, makeHarness: () => Promise<LanguageModelHarness>) =>
  describe(`LanguageModel conformance: ${name}`, () => {
    const withModel = async <A>(
      use: (model: LanguageModel["Type"], harness: LanguageModelHarness) => Effect.Effect<A, unknown>
    ) => {
      const harness = await makeHarness()
      try {
        return await Effect.runPromise(
          Effect.scoped(Effect.flatMap(LanguageModel, (model) => use(model, harness))).pipe(
            Effect.provide(harness.layer)
          )
        )
      } finally {
        await harness.close()
      }
    }
    /** The failure of one call to `label` after `cue`. */
    const failureOf = (
      model: LanguageModel["Type"],
      harness: LanguageModelHarness,
      cue: ModelCue,
      label = harness.labels[0]
    ) =>
      Effect.gen(function* () {
        harness.cue(label, cue)
        const answer = yield* Effect.either(model.complete({ label, messages: conversation }))
        if (Either.isRight(answer)) throw new Error(`expected a failure, got ${JSON.stringify(answer.right)}`)
        return answer.left as ModelFailed
      })

    it("answers the text with the label that answered, and usage only when the model reports it", () =>
      withModel((model, harness) =>
        Effect.gen(function* () {
          const [first, second] = harness.labels
          expect(model.catalog).toMatchObject({ configured: true, defaultLabel: first })
          expect(model.catalog.labels).toEqual([first, second])
          harness.cue(second, { reply: "Osaka ✓", usage: { inputTokens: 31, outputTokens: 2 } }, { reply: "Kyoto" })
          const reply = yield* model.complete({ label: second, messages: conversation, maxTokens: 16 })
          expect(reply).toMatchObject({ text: "Osaka ✓", label: second, usage: { inputTokens: 31, outputTokens: 2 } })
          expect(reply.durationMs).toBeGreaterThanOrEqual(0)
          expect((yield* model.complete({ label: second, messages: conversation })).usage).toBeNull()
          const received = harness.received()
          expect(received.map((request) => request.label)).toEqual([second, second])
          expect(received[0]!.messages).toEqual(conversation)
          expect(received[0]!.maxTokens).toBe(16)
          expect(received[1]!.maxTokens).toBeUndefined()
        })
      ))

    it("offers tools, and answers the calls the model asks for in its order, with ids and arguments as written", () =>
      withModel((model, harness) =>
        Effect.gen(function* () {
          const [first] = harness.labels
          const tools: ReadonlyArray<ModelTool> = [
            {
              name: "email_send",
              description: "Sends an email.",
              parameters: { type: "object", properties: { to: { type: "string" } }, required: ["to"] }
            }
          ]
          // A conversation that already holds a call and its result.
          const asked: ReadonlyArray<ModelMessage> = [
            ...conversation,
            {
              role: "assistant",
              content: "",
              toolCalls: [{ id: "call_1", name: "email_send", arguments: '{"to":"a@b.c"}' }]
            },
            { role: "tool", toolCallId: "call_1", content: "sent ✓" }
          ]
          harness.cue(
            first,
            {
              reply: "Two more.",
              toolCalls: [
                { id: "call_2", name: "email_send", arguments: '{"to":"x@y.z"}' },
                { id: "call_3", name: "email_send", arguments: { to: "ü@y.z" } }
              ]
            },
            { reply: "Done." }
          )
          expect([model.catalog.toolProtocol(first), model.catalog.toolProtocol(harness.labels[1])]).toEqual([
            "native",
            "text"
          ])
          const reply = yield* model.complete({ label: first, messages: asked, tools })
          expect(reply.text).toBe("Two more.")
          expect(reply.toolCalls).toEqual([
            { id: "call_2", name: "email_send", arguments: '{"to":"x@y.z"}' },
            { id: "call_3", name: "email_send", arguments: JSON.stringify({ to: "ü@y.z" }) }
          ])
          const plain = yield* model.complete({ label: first, messages: conversation })
          expect(plain).toMatchObject({ text: "Done." })
          expect(plain.toolCalls ?? []).toEqual([])
          const received = harness.received()
          expect(received[0]!.messages).toEqual(asked)
          expect(received[0]!.tools).toEqual(tools)
          expect(received[1]!.tools ?? []).toEqual([])
        })
      ))

    it("tells a provider's errors apart: unavailable, rate limited with Retry-After, refused, invalid", () =>
      withModel((model, harness) =>
        Effect.gen(function* () {
          expect(yield* failureOf(model, harness, { status: 500 })).toMatchObject({
            reason: "unavailable",
            status: 500,
            label: harness.labels[0]
          })
          const busy = yield* failureOf(model, harness, { status: 503, retryAfterSeconds: 1 })
          expect(busy).toMatchObject({ reason: "unavailable", status: 503, retryAfterMs: 1000 })
          const limited = yield* failureOf(model, harness, { status: 429, retryAfterSeconds: 2 })
          expect(limited).toMatchObject({ reason: "rate_limited", status: 429, retryAfterMs: 2000 })
          expect((yield* failureOf(model, harness, { status: 429 })).retryAfterMs).toBeUndefined()
          for (const status of [401, 403, 404]) {
            expect(yield* failureOf(model, harness, { status })).toMatchObject({ reason: "refused", status })
          }
          for (const status of [408, 409, 425, 502]) {
            expect(yield* failureOf(model, harness, { status })).toMatchObject({ reason: "unavailable", status })
          }
          expect(yield* failureOf(model, harness, { status: 422 })).toMatchObject({ reason: "invalid_request" })
        })
      ))

    it("calls an answer without a message malformed, and a context-length refusal context_too_long", () =>
      withModel((model, harness) =>
        Effect.gen(function* () {
          expect(yield* failureOf(model, harness, "malformed")).toMatchObject({ reason: "malformed" })
          expect(yield* failureOf(model, harness, "empty_choices")).toMatchObject({ reason: "malformed" })
          expect(yield* failureOf(model, harness, "context_too_long")).toMatchObject({
            reason: "context_too_long",
            status: 400
          })
          // The label still answers after each of those.
          harness.cue(harness.labels[0], { reply: "fine" })
          expect((yield* model.complete({ label: harness.labels[0], messages: conversation })).text).toBe("fine")
        })
      ))

    it("gives up on a model that hangs with a timeout", () =>
      withModel((model, harness) =>
        Effect.gen(function* () {
          const failure = yield* failureOf(model, harness, "hang", harness.labels[1])
          expect(failure).toMatchObject({ reason: "timeout", label: harness.labels[1] })
          expect(failure.durationMs).toBeGreaterThan(0)
        })
      ))

    it("refuses a label the operator did not configure without calling any model", () =>
      withModel((model, harness) =>
        Effect.gen(function* () {
          const answer = yield* Effect.either(model.complete({ label: "no-such-label", messages: conversation }))
          expect(Either.isLeft(answer) && answer.left.reason).toBe("unknown_label")
          expect(harness.received()).toEqual([])
        })
      ))
  })
