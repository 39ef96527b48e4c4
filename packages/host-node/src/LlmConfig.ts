import type { ChatCompletionsOptions, ModelProvider } from "@servicekit/adapters/llm"
import { MODEL_LABEL, TOOL_PROTOCOLS, type ToolProtocol } from "@servicekit/core/internal"
import { isHttpUrl } from "./ConfigValues.js"

/**
 * The operator's language models, from the environment:
 * - `SERVICEKIT_LLM_BASE_URL` and `SERVICEKIT_LLM_API_KEY`: one OpenAI-compatible provider, where a
 *   model label is the model name sent to it; `SERVICEKIT_LLM_MODEL` is the label tenants start with.
 * - `SERVICEKIT_LLM_MODELS`: a JSON label map, `{ "<label>": { "baseUrl", "apiKey", "model",
 *   "timeoutSeconds", "contextWindow", "toolCalls" } }`, each entry taking what it leaves out from the
 *   variables above; with it, only its labels exist, and the first is the default unless SERVICEKIT_LLM_MODEL names one.
 * - `SERVICEKIT_LLM_TIMEOUT_SECONDS`, `SERVICEKIT_LLM_CONTEXT_WINDOW` and `SERVICEKIT_LLM_TOOL_CALLS`
 *   (`text` or `native`: how agent steps have the model call tools): the defaults of every label.
 * Answers undefined when none is set (no language model), or the problem as a sentence naming the variable.
 */
export const llmFromEnvironment = (
  env: Readonly<Record<string, string | undefined>>
): { readonly options: ChatCompletionsOptions | undefined } | { readonly problem: string } => {
  const text = (name: string) => {
    const value = env[name]?.trim()
    return value === undefined || value === "" ? undefined : value
  }
  const baseUrl = text("SERVICEKIT_LLM_BASE_URL")
  const apiKey = text("SERVICEKIT_LLM_API_KEY")
  const model = text("SERVICEKIT_LLM_MODEL")
  const models = text("SERVICEKIT_LLM_MODELS")
  if (baseUrl === undefined && models === undefined) {
    return apiKey === undefined && model === undefined
      ? { options: undefined }
      : { problem: "SERVICEKIT_LLM_API_KEY and SERVICEKIT_LLM_MODEL need SERVICEKIT_LLM_BASE_URL or SERVICEKIT_LLM_MODELS" }
  }
  if (baseUrl !== undefined && !isHttpUrl(baseUrl)) {
    return { problem: `SERVICEKIT_LLM_BASE_URL must be an http or https URL, such as https://api.openai.com/v1` }
  }
  const timeout = number(text("SERVICEKIT_LLM_TIMEOUT_SECONDS"), 1, 600)
  if (timeout === null) return { problem: "SERVICEKIT_LLM_TIMEOUT_SECONDS must be a number of seconds from 1 to 600" }
  const contextWindow = number(text("SERVICEKIT_LLM_CONTEXT_WINDOW"), 1_024, 10_000_000)
  if (contextWindow === null || (contextWindow !== undefined && !Number.isInteger(contextWindow))) {
    return { problem: "SERVICEKIT_LLM_CONTEXT_WINDOW must be a whole number of tokens from 1024 to 10000000" }
  }
  const toolCalls = text("SERVICEKIT_LLM_TOOL_CALLS")
  if (toolCalls !== undefined && !isToolProtocol(toolCalls)) {
    return { problem: "SERVICEKIT_LLM_TOOL_CALLS must be text or native" }
  }
  const provider = {
    baseUrl: baseUrl ?? "",
    apiKey,
    timeoutMs: timeout === undefined ? undefined : timeout * 1000,
    contextWindow,
    toolCalls
  }
  if (models === undefined) {
    if (model === undefined) {
      return { problem: "SERVICEKIT_LLM_MODEL must name the model tenants start with when SERVICEKIT_LLM_BASE_URL is set" }
    }
    return { options: { provider, defaultLabel: model } }
  }
  const labels = labelMap(models, baseUrl !== undefined)
  if ("problem" in labels) return labels
  if (model !== undefined && !Object.hasOwn(labels.map, model)) {
    return { problem: `SERVICEKIT_LLM_MODEL names ${model}, which SERVICEKIT_LLM_MODELS does not map` }
  }
  // The defaults of every label, with or without a base URL: without one, every entry has its own.
  return { options: { labels: labels.map, provider, defaultLabel: model } }
}

const isToolProtocol = (value: unknown): value is ToolProtocol => TOOL_PROTOCOLS.includes(value as ToolProtocol)


/** A number within bounds; undefined when not given, null when not such a number. */
const number = (text: string | undefined, min: number, max: number): number | undefined | null => {
  if (text === undefined) return undefined
  const value = Number(text)
  return Number.isFinite(value) && value >= min && value <= max ? value : null
}

const ENTRY_KEYS = new Set(["baseUrl", "apiKey", "model", "timeoutSeconds", "contextWindow", "toolCalls"])

/** SERVICEKIT_LLM_MODELS as providers by label, each checked. */
const labelMap = (
  json: string,
  hasBaseUrl: boolean
): { readonly map: Record<string, Partial<ModelProvider>> } | { readonly problem: string } => {
  const problem = (why: string) => ({ problem: `SERVICEKIT_LLM_MODELS${why.startsWith(".") ? "" : " "}${why}` })
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return problem("is not JSON: it must be an object of labels, e.g. {\"fast\":{\"model\":\"gpt-4o-mini\"}}")
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length === 0) {
    return problem("must be a JSON object with at least one label")
  }
  const map: Record<string, Partial<ModelProvider>> = {}
  for (const [label, entry] of Object.entries(parsed)) {
    if (!MODEL_LABEL.test(label)) {
      return problem(`has the label "${label}": use letters, digits and . _ : / @ + - (at most 200)`)
    }
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return problem(`.${label} must be an object`)
    const fields = entry as Record<string, unknown>
    const unknown = Object.keys(fields).find((key) => !ENTRY_KEYS.has(key))
    if (unknown !== undefined) return problem(`.${label} has the unknown field ${unknown}`)
    const given = (key: string) => fields[key] !== undefined
    if (given("baseUrl") && (typeof fields.baseUrl !== "string" || !isHttpUrl(fields.baseUrl))) {
      return problem(`.${label}.baseUrl must be an http or https URL`)
    }
    if (!given("baseUrl") && !hasBaseUrl) {
      return problem(`.${label} needs a baseUrl (or set SERVICEKIT_LLM_BASE_URL)`)
    }
    for (const key of ["apiKey", "model"]) {
      if (given(key) && (typeof fields[key] !== "string" || fields[key] === "")) {
        return problem(`.${label}.${key} must be a non-empty string`)
      }
    }
    const timeout = fields.timeoutSeconds
    if (given("timeoutSeconds") && (typeof timeout !== "number" || !(timeout >= 1 && timeout <= 600))) {
      return problem(`.${label}.timeoutSeconds must be a number of seconds from 1 to 600`)
    }
    const window = fields.contextWindow
    if (given("contextWindow") && !(Number.isInteger(window) && (window as number) >= 1_024)) {
      return problem(`.${label}.contextWindow must be a whole number of tokens, at least 1024`)
    }
    if (given("toolCalls") && !isToolProtocol(fields.toolCalls)) {
      return problem(`.${label}.toolCalls must be text or native`)
    }
    map[label] = {
      ...(given("baseUrl") ? { baseUrl: fields.baseUrl as string } : {}),
      ...(given("apiKey") ? { apiKey: fields.apiKey as string } : {}),
      ...(given("model") ? { model: fields.model as string } : {}),
      ...(given("timeoutSeconds") ? { timeoutMs: (timeout as number) * 1000 } : {}),
      ...(given("contextWindow") ? { contextWindow: window as number } : {}),
      ...(given("toolCalls") ? { toolCalls: fields.toolCalls as ToolProtocol } : {})
    }
  }
  return { map }
}
