import { LanguageModel } from "@servicekit/core/internal"
import { languageModelConformance } from "@servicekit/conformance"
import { makeScriptedLanguageModel } from "@servicekit/core/testing"
import { Layer } from "effect"

languageModelConformance("scripted", async () => {
  const scripted = makeScriptedLanguageModel({
    labels: ["fast", "smart"],
    timeoutMs: 300,
    toolProtocols: { fast: "native" }
  })
  return {
    layer: Layer.succeed(LanguageModel, scripted.model),
    labels: ["fast", "smart"],
    cue: scripted.cue,
    received: scripted.requests,
    close: async () => {}
  }
})
