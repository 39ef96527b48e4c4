import { describe, expect, it } from "vitest"
import { KeyFormat } from "@servicekit/core/internal"
import { builtInCatalog } from "../src/BuiltInProducts.js"

describe("API key format", () => {
  const secret = "Ab3".repeat(10) + "Zz"
  it.each([
    ["chat", "live", "svk_live_abcd1234_"],
    ["chat", "test", "svk_test_live_abcd1234_"],
    ["voice", "live", "svk_live_voice_abcd1234_"],
    ["voice", "test", "svk_test_voice_abcd1234_"],
    ["transactional", "live", "svk_live_transactional_abcd1234_"],
    ["transactional", "test", "svk_test_transactional_abcd1234_"],
    ["automations", "live", "svk_live_automations_abcd1234_"],
    ["automations", "test", "svk_test_automations_abcd1234_"]
  ] as const)("%s/%s keys look like %s<secret> and parse back", (product, environment, head) => {
    const key = KeyFormat.formatKey(builtInCatalog, product, environment, "abcd1234", secret)
    expect(key).toBe(head + secret)
    expect(KeyFormat.parseKey(builtInCatalog, key)).toEqual({ product, environment, prefix: "abcd1234" })
  })

  it.each([
    "svk_live_abcd1234",
    "svk_live_ABCD1234_" + "a".repeat(32),
    "svk_prod_voice_abcd1234_" + "a".repeat(32),
    "svk_live_voice_abcd1234_" + "a".repeat(31),
    "svk_live_voice_abcd1234_" + "a".repeat(31) + "-",
    "xyz_live_voice_abcd1234_" + "a".repeat(32),
    "svk_test_fax_abcd1234_" + "a".repeat(32)
  ])("rejects %s", (key) => {
    expect(KeyFormat.parseKey(builtInCatalog, key)).toBeUndefined()
  })
})
