import { LanguageModel, type ModelMessage, type ModelTool } from "@servicekit/core/internal"
import { type ModelServerRequest, languageModelConformance, startModelServer } from "@servicekit/conformance"
import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { layerChatCompletionsModel } from "../src/llm.js"

/** A message the server received as the port carries it: its tool calls and tool results out of the wire names. */
const portMessage = (message: ModelServerRequest["messages"][number]): ModelMessage => {
  if (message.role === "tool") return { role: "tool", toolCallId: String(message.tool_call_id), content: message.content }
  const calls = message.tool_calls as ReadonlyArray<{ id: string; function: { name: string; arguments: string } }> | undefined
  if (message.role !== "assistant" || calls === undefined) return { role: message.role, content: message.content }
  return {
    role: "assistant",
    content: message.content ?? "",
    toolCalls: calls.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments }))
  }
}

const API_KEY = "sk-test-0123456789abcdef"
/** The labels the operator maps, and the model names the server sees. */
const MODELS: Readonly<Record<string, string>> = { fast: "gpt-fast-1", smart: "gpt-smart-2" }

languageModelConformance("chat completions over HTTP", async () => {
  const server = await startModelServer({ apiKey: API_KEY })
  const labelOf = new Map(Object.entries(MODELS).map(([label, model]) => [model, label]))
  return {
    layer: layerChatCompletionsModel({
      provider: { baseUrl: server.baseUrl, apiKey: API_KEY, timeoutMs: 300 },
      labels: { fast: { model: MODELS.fast!, toolCalls: "native" }, smart: { model: MODELS.smart! } }
    }),
    labels: ["fast", "smart"],
    cue: (label, ...cues) => server.cue(MODELS[label] ?? label, ...cues),
    received: () =>
      server.requests().map((request) => ({
        label: labelOf.get(request.model) ?? request.model,
        messages: request.messages.map(portMessage),
        maxTokens: request.maxTokens,
        tools: request.tools?.map((tool) => tool.function as unknown as ModelTool)
      })),
    close: server.close
  }
})

describe("chat completions adapter", () => {
  const complete = (layer: ReturnType<typeof layerChatCompletionsModel>, label: string) =>
    Effect.runPromise(
      Effect.scoped(
        Effect.flatMap(LanguageModel, (model) =>
          Effect.either(model.complete({ label, messages: [{ role: "user", content: "hi" }] }))
        ).pipe(Effect.provide(layer))
      )
    )

  it("sends the label as the model name to the one provider, with its key, and never repeats the key", async () => {
    const server = await startModelServer({ apiKey: API_KEY })
    try {
      const layer = layerChatCompletionsModel({
        provider: { baseUrl: server.baseUrl, apiKey: API_KEY },
        defaultLabel: "any-model"
      })
      const answer = await complete(layer, "llama-3.1-8b")
      expect(Either.getOrThrow(answer).text).toBe("echo: hi")
      expect(server.requests()[0]).toMatchObject({ model: "llama-3.1-8b", authorization: `Bearer ${API_KEY}` })

      // A wrong key: refused, and the failure does not carry the key the adapter sent.
      const wrong = layerChatCompletionsModel({ provider: { baseUrl: server.baseUrl, apiKey: "sk-wrong-key-4242" } })
      const refused = await complete(wrong, "llama-3.1-8b")
      expect(Either.isLeft(refused) && refused.left).toMatchObject({ reason: "refused", status: 401 })
      expect(JSON.stringify(refused)).not.toContain("sk-wrong-key-4242")
    } finally {
      await server.close()
    }
  })

  it("answers network for a provider that is not there", async () => {
    const server = await startModelServer()
    const baseUrl = server.baseUrl
    await server.close()
    const answer = await complete(layerChatCompletionsModel({ provider: { baseUrl } }), "m")
    expect(Either.isLeft(answer) && answer.left.reason).toBe("network")
  })
})
