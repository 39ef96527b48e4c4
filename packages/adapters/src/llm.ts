/** @servicekit/adapters/llm — the LLM port over OpenAI-compatible chat completions, on undici. */
export {
  type ChatCompletionsOptions,
  type ModelProvider,
  layerChatCompletionsModel
} from "./llm/ChatCompletionsModel.js"
