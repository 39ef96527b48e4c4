import { type Context, Effect, Layer } from "effect"
import {
  DEFAULT_CONTEXT_WINDOW,
  LanguageModel,
  ModelFailed,
  type ModelRequest,
  type ModelToolCall,
  type ModelUsage,
  type ToolProtocol,
  failureOfStatus
} from "../platform/LanguageModel.js"

/** A tool call a cue answers with: `arguments` as JSON text, or a value written as such; an id made up when absent. */
export interface CuedToolCall {
  readonly id?: string | undefined
  readonly name: string
  readonly arguments: string | object
}

/**
 * What a model does with one call: answer `reply` (with `toolCalls`, asking for those), answer an HTTP error `status` (with
 * Retry-After for a 429 or 503), hang until the call times out, answer something that is not a
 * completion (`malformed`: not JSON; `empty_choices`: no choice), or refuse the messages as too
 * long for its context window. The local test server of @servicekit/conformance takes the same cues.
 */
export type ModelCue =
  | {
      readonly reply: string
      readonly toolCalls?: ReadonlyArray<CuedToolCall> | undefined
      readonly usage?: ModelUsage | undefined
    }
  | { readonly status: number; readonly retryAfterSeconds?: number | undefined }
  | "hang"
  | "malformed"
  | "empty_choices"
  | "context_too_long"

export interface ScriptedLanguageModelOptions {
  /** The configured labels; undefined (the default): any label, as with one provider. */
  readonly labels?: ReadonlyArray<string> | undefined
  /** The label tenants use until they choose; `test-model` by default. */
  readonly defaultLabel?: string | undefined
  readonly contextWindow?: number | undefined
  /** How long a hanging call waits before it fails with `timeout`; 30 seconds by default. */
  readonly timeoutMs?: number | undefined
  /** The labels whose model calls tools natively (the others speak the text protocol). */
  readonly toolProtocols?: Readonly<Record<string, ToolProtocol>> | undefined
}

/** A cue's tool calls as a model's answer carries them, numbered `call_<n>_<i>` where they have no id. */
export const cuedToolCalls = (calls: ReadonlyArray<CuedToolCall> | undefined, n: number): ReadonlyArray<ModelToolCall> =>
  (calls ?? []).map((call, i) => ({
    id: call.id ?? `call_${n}_${i}`,
    name: call.name,
    arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments)
  }))

/** A language model in memory that answers as scripted: hand `model` to the code under test, then cue it. */
export interface ScriptedLanguageModel {
  readonly model: LanguageModel["Type"]
  /** Queues what `label`'s next calls do, in order. */
  readonly cue: (label: string, ...cues: ReadonlyArray<ModelCue>) => void
  /**
   * What calls do when nothing is queued for their label; by default they answer
   * `echo: <the last user message>`.
   */
  readonly respondWith: (respond: (request: ModelRequest) => ModelCue) => void
  /** Every call so far, oldest first. */
  readonly requests: () => ReadonlyArray<ModelRequest>
}

const lastUserMessage = (request: ModelRequest) =>
  [...request.messages].reverse().find((message) => message.role === "user")?.content ?? ""

const echo = (request: ModelRequest): ModelCue => ({ reply: `echo: ${lastUserMessage(request)}` })

export const makeScriptedLanguageModel = (options: ScriptedLanguageModelOptions = {}): ScriptedLanguageModel => {
  const queued = new Map<string, Array<ModelCue>>()
  const calls: Array<ModelRequest> = []
  let respond = echo
  const timeoutMs = options.timeoutMs ?? 30_000
  const contextWindow = options.contextWindow ?? DEFAULT_CONTEXT_WINDOW

  const failed = (request: ModelRequest, fields: Omit<ConstructorParameters<typeof ModelFailed>[0], "label">) =>
    Effect.fail(new ModelFailed({ label: request.label, ...fields }))

  const model: LanguageModel["Type"] = {
    catalog: {
      configured: true,
      defaultLabel: options.defaultLabel ?? options.labels?.[0] ?? "test-model",
      labels: options.labels,
      contextWindow: () => contextWindow,
      toolProtocol: (label) => (options.toolProtocols !== undefined && Object.hasOwn(options.toolProtocols, label)
        ? options.toolProtocols[label]!
        : "text")
    },
    complete: (request) =>
      Effect.suspend(() => {
        if (options.labels !== undefined && !options.labels.includes(request.label)) {
          return failed(request, {
            reason: "unknown_label",
            message: `No model is configured as ${request.label}.`,
            durationMs: 0
          })
        }
        calls.push(request)
        const cue = queued.get(request.label)?.shift() ?? respond(request)
        if (cue === "hang") {
          return Effect.zipRight(
            Effect.sleep(timeoutMs),
            failed(request, { reason: "timeout", message: "The model did not answer in time.", durationMs: timeoutMs })
          )
        }
        if (cue === "malformed" || cue === "empty_choices") {
          return failed(request, {
            reason: "malformed",
            message: cue === "malformed" ? "The answer is not JSON." : "The answer holds no choice.",
            durationMs: 0
          })
        }
        if (cue === "context_too_long") {
          return failed(request, {
            reason: "context_too_long",
            message: "The messages do not fit the model's context window.",
            status: 400,
            durationMs: 0
          })
        }
        if ("status" in cue) {
          return failed(request, {
            reason: failureOfStatus(cue.status),
            message: `The provider answered HTTP ${cue.status}.`,
            status: cue.status,
            // As providers send it: with a 429 or a 503.
            retryAfterMs:
              cue.retryAfterSeconds === undefined || (cue.status !== 429 && cue.status !== 503)
                ? undefined
                : cue.retryAfterSeconds * 1000,
            durationMs: 0
          })
        }
        const toolCalls = cuedToolCalls(cue.toolCalls, calls.length)
        return Effect.succeed({
          text: cue.reply,
          ...(toolCalls.length === 0 ? {} : { toolCalls }),
          label: request.label,
          model: request.label,
          usage: cue.usage ?? null,
          durationMs: 0
        })
      })
  }
  return {
    model,
    cue: (label, ...cues) => queued.set(label, [...(queued.get(label) ?? []), ...cues]),
    respondWith: (next) => {
      respond = next
    },
    requests: () => [...calls]
  }
}

/** Models made here, so that a test can find the script behind the tag. */
const scripted = new WeakMap<LanguageModel["Type"], ScriptedLanguageModel>()

/** A scripted language model as the LanguageModel port; `scriptedLanguageModel` finds it again. */
export const layerScriptedLanguageModel = (options: ScriptedLanguageModelOptions = {}): Layer.Layer<LanguageModel> =>
  Layer.sync(LanguageModel, () => {
    const made = makeScriptedLanguageModel(options)
    scripted.set(made.model, made)
    return made.model
  })

/** The scripted model provided as LanguageModel (by layerScriptedLanguageModel); dies if it is another model. */
export const scriptedLanguageModel: Effect.Effect<ScriptedLanguageModel, never, LanguageModel> = Effect.flatMap(
  LanguageModel as Context.Tag<LanguageModel, LanguageModel["Type"]>,
  (model) => {
    const found = scripted.get(model)
    return found === undefined
      ? Effect.dieMessage("LanguageModel is not a scripted language model.")
      : Effect.succeed(found)
  }
)

