import { Context, Data, Effect, Layer } from "effect"

/** A call of a tool the model asked for, as chat completions carry it: `arguments` is the JSON text it wrote. */
export interface ModelToolCall {
  readonly id: string
  readonly name: string
  readonly arguments: string
}

/**
 * One message of a conversation with a model, in the chat completions roles: an assistant's
 * message may carry the tool calls it asked for, and a `tool` message answers one of them.
 */
export type ModelMessage =
  | { readonly role: "system" | "user"; readonly content: string }
  | { readonly role: "assistant"; readonly content: string; readonly toolCalls?: ReadonlyArray<ModelToolCall> }
  | { readonly role: "tool"; readonly toolCallId: string; readonly content: string }

/** A tool offered to the model: its name (letters, digits, _ and -), what it does and its input's JSON schema. */
export interface ModelTool {
  readonly name: string
  readonly description: string
  readonly parameters: { readonly [key: string]: unknown }
}

/**
 * How a label's model calls tools: `text`, by the agent protocol's lines in its answer (any
 * model can), or `native`, through the chat completions `tools` and `tool_calls` fields.
 */
export type ToolProtocol = "text" | "native"
export const TOOL_PROTOCOLS: ReadonlyArray<ToolProtocol> = ["text", "native"]

export interface ModelRequest {
  /** A label the operator configured (with one provider and no label map: the model name sent to it). */
  readonly label: string
  readonly messages: ReadonlyArray<ModelMessage>
  /** A cap on the answer's tokens; the provider's default when absent. */
  readonly maxTokens?: number | undefined
  /** Tools the model may call (for a `native` label); none when absent or empty. */
  readonly tools?: ReadonlyArray<ModelTool> | undefined
}

/** Token counts, when the provider reports them. */
export interface ModelUsage {
  readonly inputTokens: number
  readonly outputTokens: number
}

export interface ModelReply {
  readonly text: string
  /** The tools the model asked to call, in its order; none when absent. */
  readonly toolCalls?: ReadonlyArray<ModelToolCall> | undefined
  /** The label that answered. */
  readonly label: string
  /** The model the provider says answered (its own name, which may differ from the label). */
  readonly model: string
  readonly usage: ModelUsage | null
  readonly durationMs: number
}

/**
 * Why a model gave no usable answer:
 * - `timeout`: no answer within the label's timeout; `network`: the connection failed;
 * - `refused`: the provider refused the caller (401, 403) or does not know the model (404);
 * - `rate_limited`: 429, with `retryAfterMs` when the provider said;
 * - `unavailable`: 408, 409, 425 or 5xx;
 * - `malformed`: a 2xx answer without a message (not JSON, no choices, no text);
 * - `context_too_long`: the messages do not fit the model's context window;
 * - `invalid_request`: another 4xx: the request itself is wrong for this provider;
 * - `unknown_label`: the operator configured no such label (or no model at all).
 */
export type ModelFailure =
  | "timeout"
  | "network"
  | "refused"
  | "rate_limited"
  | "unavailable"
  | "malformed"
  | "context_too_long"
  | "invalid_request"
  | "unknown_label"

export class ModelFailed extends Data.TaggedError("ModelFailed")<{
  readonly reason: ModelFailure
  readonly label: string
  /** Says what the provider answered; never the request's content or the provider's key. */
  readonly message: string
  /** The provider's HTTP status, when it answered one. */
  readonly status?: number | undefined
  /** How long the provider asked to wait (Retry-After), when it said. */
  readonly retryAfterMs?: number | undefined
  readonly durationMs: number
}> {}

/** What the operator configured: which labels exist, which one tenants start with, and their context windows. */
export interface ModelCatalog {
  /** False when no provider is configured: AI steps are refused when a workflow is written. */
  readonly configured: boolean
  /** The label a tenant uses until it chooses (`/automations/models`). */
  readonly defaultLabel: string | undefined
  /** The configured labels; undefined when any label goes to the one provider as its model name. */
  readonly labels: ReadonlyArray<string> | undefined
  /** The label's context window in tokens. */
  readonly contextWindow: (label: string) => number
  /** How the label's model calls tools. */
  readonly toolProtocol: (label: string) => ToolProtocol
}

/**
 * What a model label may look like: a model name as providers spell them (`gpt-4o-mini`,
 * `meta-llama/Llama-3.1-8B-Instruct`, `qwen2.5:7b`, `openai/gpt-4o@latest`), at most 200 characters.
 */
export const MODEL_LABEL = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$/

/** A context window for labels whose operator gave none. */
export const DEFAULT_CONTEXT_WINDOW = 32_768

/**
 * The LLM port: messages in, the text a model answered out, through the operator's providers
 * (an OpenAI-compatible chat completions API in production, a scripted fake in tests). Which
 * labels a tenant's calls try, and in what order, is core logic (ModelRouter).
 */
export class LanguageModel extends Context.Tag("@servicekit/core/LanguageModel")<
  LanguageModel,
  {
    readonly catalog: ModelCatalog
    readonly complete: (request: ModelRequest) => Effect.Effect<ModelReply, ModelFailed>
  }
>() {
  /** No provider configured: every call fails with `unknown_label`. */
  static readonly layerNone: Layer.Layer<LanguageModel> = Layer.succeed(LanguageModel, {
    catalog: {
      configured: false,
      defaultLabel: undefined,
      labels: [],
      contextWindow: () => DEFAULT_CONTEXT_WINDOW,
      toolProtocol: () => "text"
    },
    complete: (request) =>
      Effect.fail(
        new ModelFailed({
          reason: "unknown_label",
          label: request.label,
          message: "No language model is configured.",
          durationMs: 0
        })
      )
  })
}

/**
 * Whether a label's failure sends the call on to the next label: not for a context too long, nor
 * for a request every label would refuse.
 */
export const failsOver = (failure: ModelFailed): boolean =>
  failure.reason !== "context_too_long" && failure.reason !== "invalid_request"

/** The failure a provider's non-2xx HTTP status stands for (a context-length error is told by its body). */
export const failureOfStatus = (status: number): ModelFailure =>
  status === 401 || status === 403 || status === 404
    ? "refused"
    : status === 429
      ? "rate_limited"
      : status === 408 || status === 409 || status === 425 || status >= 500
        ? "unavailable"
        : "invalid_request"
