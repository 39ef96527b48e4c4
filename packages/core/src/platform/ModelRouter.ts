import { Clock, Context, Data, Effect, Either, Layer } from "effect"
import {
  LanguageModel,
  ModelFailed,
  type ModelFailure,
  type ModelMessage,
  type ModelReply,
  type ModelTool,
  type ToolProtocol,
  failsOver
} from "./LanguageModel.js"

/** A Retry-After up to this long is waited out and the same label asked once more; a longer one moves on. */
export const MAX_RETRY_AFTER_WAIT_MS = 3_000
/** A label that fails is skipped for 5 s, doubling with each failure in a row, up to a minute. */
export const COOLDOWN_BASE_MS = 5_000
export const COOLDOWN_MAX_MS = 60_000

/** One try of one label, as a step result records it. */
export interface ModelAttempt {
  readonly label: string
  /** `ok`, why it failed, or `cooling_down` when it was skipped for having just failed. */
  readonly outcome: "ok" | ModelFailure | "cooling_down"
  readonly ms: number
  /** The provider's HTTP status, when it answered one. */
  readonly status?: number | undefined
  readonly message?: string | undefined
}

/** What a call sends: its messages, and the tools a `native` label may call. */
export interface ModelPrompt {
  readonly messages: ReadonlyArray<ModelMessage>
  readonly tools?: ReadonlyArray<ModelTool> | undefined
}

/**
 * The messages of a call, the same for every label, or the prompt as each tool protocol needs it
 * (the agent loop's transcript reads differently to a `text` label and a `native` one).
 */
export type RoutedPrompt = ReadonlyArray<ModelMessage> | ((protocol: ToolProtocol) => ModelPrompt)

export interface RoutedReply {
  readonly reply: ModelReply
  readonly attempts: ReadonlyArray<ModelAttempt>
}

/**
 * No label answered: every label failed (the last failure in `last`), or one failed in a way
 * another label would not mend (the context is too long, the request is wrong).
 */
export class ModelCallFailed extends Data.TaggedError("ModelCallFailed")<{
  readonly message: string
  readonly last: ModelFailed
  readonly attempts: ReadonlyArray<ModelAttempt>
}> {}

const attemptOf = (failure: ModelFailed): ModelAttempt => ({
  label: failure.label,
  outcome: failure.reason,
  ms: failure.durationMs,
  ...(failure.status === undefined ? {} : { status: failure.status }),
  message: failure.message
})

const describe = (attempt: ModelAttempt) =>
  `${attempt.label}: ${attempt.message ?? attempt.outcome}${attempt.status === undefined ? "" : ` (HTTP ${attempt.status})`}`

/**
 * Model calls with failover: a call tries its labels in order (the tenant's primary, then its
 * failover labels) until one answers. A label that fails a way another label could mend (a
 * timeout, a network error, 408/409/425/429/5xx, 401/403/404, a malformed answer) sends the call
 * on; a context too long or a request the provider calls wrong ends it. A Retry-After of up to
 * 3 s is waited out once on the same label. A label that failed is cooled down in this process
 * (see COOLDOWN_*): later calls skip it while another label is not cooling down.
 */
export class ModelRouter extends Context.Tag("@servicekit/core/ModelRouter")<
  ModelRouter,
  {
    readonly complete: (
      labels: ReadonlyArray<string>,
      prompt: RoutedPrompt,
      options?: { readonly maxTokens?: number | undefined }
    ) => Effect.Effect<RoutedReply, ModelCallFailed>
  }
>() {
  static readonly layer: Layer.Layer<ModelRouter, never, LanguageModel> = Layer.effect(
    ModelRouter,
    Effect.gen(function* () {
      const model = yield* LanguageModel
      /** Per label: until when it is skipped, and how many times in a row it failed. */
      const cooling = new Map<string, { readonly until: number; readonly failures: number }>()

      const cool = (failure: ModelFailed, at: number) => {
        const failures = (cooling.get(failure.label)?.failures ?? 0) + 1
        const backoff = Math.min(COOLDOWN_BASE_MS * 2 ** (failures - 1), COOLDOWN_MAX_MS)
        const asked = Math.min(failure.retryAfterMs ?? 0, COOLDOWN_MAX_MS)
        cooling.set(failure.label, { until: at + Math.max(backoff, asked), failures })
      }

      /** A label's answer and the failures before it, or its failures (one, or two after a waited-out Retry-After). */
      const ask = (label: string, prompt: RoutedPrompt, maxTokens: number | undefined) => {
        const request = {
          label,
          maxTokens,
          ...(typeof prompt === "function" ? prompt(model.catalog.toolProtocol(label)) : { messages: prompt })
        }
        return Effect.catchAll(
          Effect.map(model.complete(request), (reply) => ({
            reply,
            failed: [] as ReadonlyArray<ModelFailed>
          })),
          (first) =>
            first.reason === "rate_limited" &&
            first.retryAfterMs !== undefined &&
            first.retryAfterMs <= MAX_RETRY_AFTER_WAIT_MS
              ? Effect.zipRight(
                  Effect.sleep(first.retryAfterMs),
                  Effect.mapBoth(model.complete(request), {
                    onFailure: (second): ReadonlyArray<ModelFailed> => [first, second],
                    onSuccess: (reply) => ({ reply, failed: [first] as ReadonlyArray<ModelFailed> })
                  })
                )
              : Effect.fail([first] as ReadonlyArray<ModelFailed>)
        )
      }

      return {
        complete: (labels, prompt, options = {}) =>
          Effect.gen(function* () {
            const unique = [...new Set(labels)]
            const now = yield* Clock.currentTimeMillis
            const isCooling = (label: string) => (cooling.get(label)?.until ?? 0) > now
            // When every label is cooling down, each is tried all the same: skipping all would fail at once.
            const skipCooling = unique.some((label) => !isCooling(label))
            const attempts: Array<ModelAttempt> = []
            let last: ModelFailed | undefined
            for (const label of unique) {
              if (skipCooling && isCooling(label)) {
                attempts.push({ label, outcome: "cooling_down", ms: 0 })
                continue
              }
              const answer = yield* Effect.either(ask(label, prompt, options.maxTokens))
              if (Either.isRight(answer)) {
                cooling.delete(label)
                const { reply, failed } = answer.right
                attempts.push(...failed.map(attemptOf), { label, outcome: "ok", ms: reply.durationMs })
                return { reply, attempts }
              }
              attempts.push(...answer.left.map(attemptOf))
              last = answer.left.at(-1)!
              if (!failsOver(last)) break
              cool(last, yield* Clock.currentTimeMillis)
            }
            const final =
              last ??
              new ModelFailed({ reason: "unknown_label", label: "", message: "No model label to ask.", durationMs: 0 })
            const failures = attempts.filter((attempt) => attempt.outcome !== "cooling_down").map(describe)
            return yield* new ModelCallFailed({
              message: failsOver(final)
                ? `Every model failed: ${failures.join("; ")}`
                : `The model failed: ${failures.at(-1)}`,
              last: final,
              attempts
            })
          })
      }

    })
  )
}
