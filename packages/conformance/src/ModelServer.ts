import { type IncomingMessage, type ServerResponse, createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { ModelMessage } from "@servicekit/core/internal"
import { type ModelCue, cuedToolCalls } from "@servicekit/core/testing"

/** A chat completions request as the server received it (messages and tools in the wire format). */
export interface ModelServerRequest {
  readonly model: string
  readonly messages: ReadonlyArray<ModelMessage & { readonly [wire: string]: unknown }>
  /** The `tools` field as sent, if any. */
  readonly tools: ReadonlyArray<{ readonly type: string; readonly function: Record<string, unknown> }> | undefined
  readonly maxTokens: number | undefined
  /** The Authorization header, if any. */
  readonly authorization: string | undefined
}

export interface ModelServer {
  /** The API's base URL (`http://127.0.0.1:<port>/v1`), as a provider's `baseUrl`. */
  readonly baseUrl: string
  /** Queues what the next calls for `model` do, in order. */
  readonly cue: (model: string, ...cues: ReadonlyArray<ModelCue>) => void
  /** What calls do when nothing is queued for their model; by default they answer `echo: <the last user message>`. */
  readonly respondWith: (respond: (request: ModelServerRequest) => ModelCue) => void
  /** Every completions request so far, oldest first (those refused for a wrong key too). */
  readonly requests: () => ReadonlyArray<ModelServerRequest>
  readonly close: () => Promise<void>
}

const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { "content-type": "application/json", ...headers })
  response.end(typeof body === "string" ? body : JSON.stringify(body))
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

const echo = (request: ModelServerRequest): ModelCue => ({
  reply: `echo: ${[...request.messages].reverse().find((message) => message.role === "user")?.content ?? ""}`
})

/**
 * A local OpenAI-compatible chat completions server on loopback that misbehaves on cue: answers,
 * HTTP errors with Retry-After, hangs (until the client gives up), answers that are not JSON or
 * hold no choice, and OpenAI's context-length error. With `apiKey`, a call without that bearer
 * key is answered 401 as OpenAI does.
 */
export const startModelServer = async (
  options: { readonly apiKey?: string | undefined } = {}
): Promise<ModelServer> => {
  const queued = new Map<string, Array<ModelCue>>()
  const received: Array<ModelServerRequest> = []
  let respond = echo
  const hanging = new Set<ServerResponse>()

  const server = createServer(async (request, response) => {
    if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
      return send(response, 404, { error: { message: "Not found.", type: "invalid_request_error" } })
    }
    let body: Record<string, unknown>
    try {
      body = JSON.parse(await readBody(request))
    } catch {
      return send(response, 400, { error: { message: "The body is not JSON.", type: "invalid_request_error" } })
    }
    const call: ModelServerRequest = {
      model: String(body.model),
      messages: body.messages as ModelServerRequest["messages"],
      tools: body.tools as ModelServerRequest["tools"],
      maxTokens: typeof body.max_tokens === "number" ? body.max_tokens : undefined,
      authorization: request.headers.authorization
    }
    received.push(call)
    if (options.apiKey !== undefined && call.authorization !== `Bearer ${options.apiKey}`) {
      return send(response, 401, {
        error: { message: "Incorrect API key provided.", type: "invalid_request_error", code: "invalid_api_key" }
      })
    }
    const cue = queued.get(call.model)?.shift() ?? respond(call)
    if (cue === "hang") {
      hanging.add(response)
      response.on("close", () => hanging.delete(response))
      return
    }
    if (cue === "malformed") return send(response, 200, "{ this is not json")
    if (cue === "empty_choices") {
      return send(response, 200, { id: "chatcmpl-empty", object: "chat.completion", model: call.model, choices: [] })
    }
    if (cue === "context_too_long") {
      return send(response, 400, {
        error: {
          message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
          type: "invalid_request_error",
          param: "messages",
          code: "context_length_exceeded"
        }
      })
    }
    if ("status" in cue) {
      return send(
        response,
        cue.status,
        { error: { message: `Cued failure ${cue.status}.`, type: "server_error" } },
        cue.retryAfterSeconds === undefined ? {} : { "retry-after": String(cue.retryAfterSeconds) }
      )
    }
    // Tool calls as OpenAI sends them: content null, arguments as a JSON string, finish_reason tool_calls.
    const toolCalls = cuedToolCalls(cue.toolCalls, received.length)
    const message =
      toolCalls.length === 0
        ? { role: "assistant", content: cue.reply }
        : {
            role: "assistant",
            content: cue.reply === "" ? null : cue.reply,
            tool_calls: toolCalls.map((one) => ({
              id: one.id,
              type: "function",
              function: { name: one.name, arguments: one.arguments }
            }))
          }
    send(response, 200, {
      id: `chatcmpl-${received.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: call.model,
      choices: [{ index: 0, message, finish_reason: toolCalls.length === 0 ? "stop" : "tool_calls" }],
      ...(cue.usage === undefined
        ? {}
        : {
            usage: {
              prompt_tokens: cue.usage.inputTokens,
              completion_tokens: cue.usage.outputTokens,
              total_tokens: cue.usage.inputTokens + cue.usage.outputTokens
            }
          })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    cue: (model, ...cues) => queued.set(model, [...(queued.get(model) ?? []), ...cues]),
    respondWith: (next) => {
      respond = next
    },
    requests: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
