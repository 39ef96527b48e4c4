import {
  DEFAULT_CONTEXT_WINDOW,
  LanguageModel,
  ModelFailed,
  type ModelMessage,
  type ModelReply,
  type ModelRequest,
  type ModelToolCall,
  type ToolProtocol,
  failureOfStatus
} from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
// The package's file, not the bare name: Bun answers `undici` with a built-in stand-in (see UndiciOutboundHttp).
import { Agent, type Dispatcher } from "undici/index.js"

/** Where one label's calls go: an OpenAI-compatible chat completions API. */
export interface ModelProvider {
  /** The API's base URL, e.g. `https://api.openai.com/v1`: calls POST `${baseUrl}/chat/completions`. */
  readonly baseUrl: string
  /** Sent as `Authorization: Bearer <apiKey>`; none for servers that need none (a local llama.cpp). */
  readonly apiKey?: string | undefined
  /** The model name sent; the label itself by default. */
  readonly model?: string | undefined
  /** How long a call may take, answer included; 60 seconds by default. */
  readonly timeoutMs?: number | undefined
  /** The model's context window in tokens; DEFAULT_CONTEXT_WINDOW by default. */
  readonly contextWindow?: number | undefined
  /**
   * How agent steps have the model call tools: `text` (the default, any model) or `native`, the
   * chat completions `tools` and `tool_calls` fields, for models trained on them.
   */
  readonly toolCalls?: ToolProtocol | undefined
}

export interface ChatCompletionsOptions {
  /**
   * Labels and their providers. Each entry takes what it leaves out from `provider`. With a label
   * map, only its labels exist.
   */
  readonly labels?: Readonly<Record<string, Partial<ModelProvider>>> | undefined
  /** The one provider: without a label map, every label is the model name sent to it. */
  readonly provider?: ModelProvider | undefined
  /** The label tenants use until they choose; by default the first of the label map. */
  readonly defaultLabel?: string | undefined
}

const DEFAULT_TIMEOUT_MS = 60_000
/** An answer larger than this is no completion this platform wants; reading stops there. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024
/** How much of a provider's error message a failure repeats. */
const MAX_ERROR_TEXT = 300

/** The provider's `error.message` (or `message`, or `detail`) of an error answer, if it sent JSON. */
const errorOf = (body: string): { readonly text: string; readonly code: string; readonly type: string } => {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>
    const error = (typeof parsed.error === "object" && parsed.error !== null ? parsed.error : parsed) as Record<
      string,
      unknown
    >
    const text = [error.message, parsed.message, parsed.detail, parsed.error].find((v) => typeof v === "string")
    return { text: String(text ?? ""), code: String(error.code ?? ""), type: String(error.type ?? "") }
  } catch {
    return { text: body, code: "", type: "" }
  }
}

/**
 * Whether an error answer says the messages do not fit the context window, as OpenAI, Azure,
 * vLLM, llama.cpp, LM Studio, Ollama and the providers behind OpenRouter and Groq word it.
 */
const CONTEXT_CODES = new Set(["context_length_exceeded", "string_above_max_length", "exceed_context_size_error"])
const CONTEXT_TEXT =
  /context[ _](length|window|size)|maximum context|too many tokens|prompt is too long|exceeds? the (model's )?(max|context)/i
const isContextError = (status: number, error: ReturnType<typeof errorOf>) =>
  (status === 400 || status === 413 || status === 422) &&
  (CONTEXT_CODES.has(error.code) || CONTEXT_CODES.has(error.type) || CONTEXT_TEXT.test(error.text))

/** Retry-After in milliseconds: `retry-after-ms`, else seconds or an HTTP date; undefined when absent or unreadable. */
const retryAfterOf = (headers: Dispatcher.ResponseData["headers"], now: number): number | undefined => {
  const header = (name: string) => {
    const value = headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  const ms = Number(header("retry-after-ms"))
  if (header("retry-after-ms") !== undefined && Number.isFinite(ms) && ms >= 0) return ms
  const text = header("retry-after")
  if (text === undefined) return undefined
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

const readCapped = async (body: Dispatcher.ResponseData["body"]) => {
  const chunks: Array<Buffer> = []
  let size = 0
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    if (size > MAX_ANSWER_BYTES) {
      body.destroy()
      return undefined
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString("utf8")
}

type Completion =
  | { readonly error: string }
  | {
      readonly text: string
      readonly toolCalls: ReadonlyArray<ModelToolCall>
      readonly model: string | undefined
      readonly usage: ModelReply["usage"]
    }

/** Most tool calls one answer is read with; the agent loop takes no more than its turns anyway. */
const MAX_TOOL_CALLS = 100

/**
 * An answer's `tool_calls` as the port carries them, or undefined when one is unreadable. Arguments
 * are the JSON text the model wrote (an object, as some servers send, is written back as text).
 */
const toolCallsOf = (value: unknown): ReadonlyArray<ModelToolCall> | undefined => {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value) || value.length > MAX_TOOL_CALLS) return undefined
  const calls: Array<ModelToolCall> = []
  for (const [index, entry] of value.entries()) {
    const fn = entry?.function
    if (typeof fn?.name !== "string" || fn.name === "") return undefined
    const args = fn.arguments
    calls.push({
      id: typeof entry.id === "string" && entry.id !== "" ? entry.id : `call_${index}`,
      name: fn.name,
      arguments: typeof args === "string" ? args : args === undefined || args === null ? "" : JSON.stringify(args)
    })
  }
  return calls
}

/**
 * The text and tool calls of the first choice, the model's name and the usage of a 2xx answer,
 * or why it holds no message.
 */
const completionOf = (body: string): Completion => {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return { error: "The answer is not JSON." }
  }
  const answer = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, any>
  const choices = answer.choices
  if (!Array.isArray(choices) || choices.length === 0) return { error: "The answer holds no choice." }
  const message = choices[0]?.message
  const toolCalls = toolCallsOf(message?.tool_calls)
  if (toolCalls === undefined) return { error: "The answer's tool calls are not readable." }
  const content = message?.content ?? (toolCalls.length > 0 ? "" : undefined)
  if (typeof content !== "string") return { error: "The answer's first choice holds no text." }
  const usage = answer.usage
  const tokens = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined)
  const input = tokens(usage?.prompt_tokens)
  const output = tokens(usage?.completion_tokens)
  return {
    text: content,
    toolCalls,
    model: typeof answer.model === "string" ? answer.model : undefined,
    usage: input === undefined || output === undefined ? null : { inputTokens: input, outputTokens: output }
  }
}

/** A message as chat completions take it: tool calls and tool results in their wire names. */
const wireMessage = (message: ModelMessage) =>
  message.role === "tool"
    ? { role: "tool", tool_call_id: message.toolCallId, content: message.content }
    : message.role === "assistant" && message.toolCalls !== undefined && message.toolCalls.length > 0
      ? {
          role: "assistant",
          content: message.content === "" ? null : message.content,
          tool_calls: message.toolCalls.map((call) => ({
            id: call.id,
            type: "function",
            function: { name: call.name, arguments: call.arguments }
          }))
        }
      : { role: message.role, content: message.content }

/**
 * The LLM port over OpenAI-compatible chat completions (OpenAI, Azure, OpenRouter, Groq, vLLM,
 * llama.cpp, LM Studio, Ollama), on one undici Agent closed with the layer. Provider URLs come
 * from the operator, so they are not guarded like tenants' URLs (a model server on a private
 * network is normal). Keys go only into the Authorization header: failures never repeat them.
 */
export const layerChatCompletionsModel = (options: ChatCompletionsOptions): Layer.Layer<LanguageModel> =>
  Layer.scoped(
    LanguageModel,
    Effect.gen(function* () {
      const mapped = options.labels === undefined ? undefined : Object.keys(options.labels)
      const providerOf = (label: string): ModelProvider | undefined => {
        if (options.labels === undefined) return options.provider
        const entry = Object.hasOwn(options.labels, label) ? options.labels[label] : undefined
        if (entry === undefined) return undefined
        const baseUrl = entry.baseUrl ?? options.provider?.baseUrl
        return baseUrl === undefined ? undefined : { ...options.provider, ...entry, baseUrl }
      }
      const agent = yield* Effect.acquireRelease(
        Effect.sync(() => new Agent({ connections: 32 })),
        (agent) => Effect.promise(() => agent.destroy().catch(() => undefined))
      )

      const call = async (request: ModelRequest, provider: ModelProvider, signal: AbortSignal): Promise<ModelReply> => {
        const started = performance.now()
        const elapsed = () => Math.round(performance.now() - started)
        const fail = (fields: Omit<ConstructorParameters<typeof ModelFailed>[0], "label" | "durationMs">) =>
          new ModelFailed({ label: request.label, durationMs: elapsed(), ...fields })
        const scrub = (text: string) => {
          const short = text.replace(/\s+/g, " ").trim().slice(0, MAX_ERROR_TEXT)
          return provider.apiKey ? short.split(provider.apiKey).join("[key]") : short
        }
        const url = new URL(`${provider.baseUrl.replace(/\/+$/, "")}/chat/completions`)
        const timeoutMs = provider.timeoutMs ?? DEFAULT_TIMEOUT_MS
        const deadline = AbortSignal.timeout(timeoutMs)
        let response: Dispatcher.ResponseData
        let body: string | undefined
        try {
          response = await agent.request({
            origin: url.origin,
            path: `${url.pathname}${url.search}`,
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {})
            },
            body: JSON.stringify({
              model: provider.model ?? request.label,
              messages: request.messages.map(wireMessage),
              ...(request.tools === undefined || request.tools.length === 0
                ? {}
                : { tools: request.tools.map((tool) => ({ type: "function", function: tool })) }),
              stream: false,
              ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens })
            }),
            signal: AbortSignal.any([signal, deadline]),
            headersTimeout: timeoutMs,
            bodyTimeout: timeoutMs
          })
          body = await readCapped(response.body)
        } catch (error) {
          const code = String((error as { code?: unknown } | null)?.code ?? "")
          if (deadline.aborted || code.endsWith("_TIMEOUT")) {
            throw fail({ reason: "timeout", message: `No answer within ${timeoutMs} ms.` })
          }
          throw fail({ reason: "network", message: scrub(error instanceof Error ? error.message : String(error)) })
        }
        const status = response.statusCode
        if (body === undefined) throw fail({ reason: "malformed", message: "The answer is too large.", status })
        if (status < 200 || status >= 300) {
          const error = errorOf(body)
          const said = scrub(error.text)
          const message = `The provider answered HTTP ${status}${said ? `: ${said}` : "."}`
          if (isContextError(status, error)) throw fail({ reason: "context_too_long", message, status })
          const reason = failureOfStatus(status)
          const retryAfterMs =
            reason === "rate_limited" || status === 503 ? retryAfterOf(response.headers, Date.now()) : undefined
          throw fail({ reason, message, status, retryAfterMs })
        }
        const completion = completionOf(body)
        if ("error" in completion) throw fail({ reason: "malformed", message: completion.error, status })
        return {
          text: completion.text,
          ...(completion.toolCalls.length === 0 ? {} : { toolCalls: completion.toolCalls }),
          label: request.label,
          model: completion.model ?? provider.model ?? request.label,
          usage: completion.usage,
          durationMs: elapsed()
        }
      }

      return {
        catalog: {
          configured: true,
          defaultLabel: options.defaultLabel ?? mapped?.[0],
          labels: mapped,
          contextWindow: (label) => providerOf(label)?.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
          toolProtocol: (label) => providerOf(label)?.toolCalls ?? "text"
        },
        complete: (request) =>
          Effect.suspend(() => {
            const provider = providerOf(request.label)
            if (provider === undefined) {
              return Effect.fail(
                new ModelFailed({
                  reason: "unknown_label",
                  label: request.label,
                  message: `No model is configured as ${request.label}.`,
                  durationMs: 0
                })
              )
            }
            return Effect.tryPromise({
              try: (signal) => call(request, provider, signal),
              catch: (error) =>
                error instanceof ModelFailed
                  ? error
                  : new ModelFailed({ reason: "network", label: request.label, message: String(error), durationMs: 0 })
            })
          })
      }
    })
  )
