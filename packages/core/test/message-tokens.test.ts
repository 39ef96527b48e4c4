import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { SecretBox, layerSecretBox } from "../src/platform/SecretBox.js"
import { messageOfReturnPath, messageOfToken, messageToken, returnPathOf } from "../src/transactional/MessageTokens.js"

const box = await Effect.runPromise(Effect.provide(SecretBox, layerSecretBox("ab".repeat(32))))
const otherBox = await Effect.runPromise(Effect.provide(SecretBox, layerSecretBox("cd".repeat(32))))
const tenantId = "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31"
const messageId = "ffffffff-0000-4000-8000-00000000000a"

describe("message tokens", () => {
  it("name their tenant and message back, for their purpose and key only", () => {
    const token = messageToken(box, "unsubscribe", tenantId, messageId)
    expect(token).toMatch(/^[a-z2-7]{62}$/)
    expect(messageOfToken(box, "unsubscribe", token)).toEqual({ tenantId, messageId })
    // Some servers fold case: the token reads the same.
    expect(messageOfToken(box, "unsubscribe", token.toUpperCase())).toEqual({ tenantId, messageId })
    expect(messageOfToken(box, "return-path", token)).toBeUndefined()
    expect(messageOfToken(otherBox, "unsubscribe", token)).toBeUndefined()
    const altered = `${token.slice(0, 10)}${token[10] === "a" ? "b" : "a"}${token.slice(11)}`
    expect(messageOfToken(box, "unsubscribe", altered)).toBeUndefined()
    expect(messageOfToken(box, "unsubscribe", "not a token")).toBeUndefined()
  })

  it("make a Return-Path of 63 characters before the domain", () => {
    const address = returnPathOf(box, tenantId, messageId, "bounces.platform.test")
    expect(address).toMatch(/^b[a-z2-7]{62}@bounces\.platform\.test$/)
    expect(messageOfReturnPath(box, address)).toEqual({ tenantId, messageId })
    expect(messageOfReturnPath(box, address.replace(/^b/, "c"))).toBeUndefined()
  })
})
