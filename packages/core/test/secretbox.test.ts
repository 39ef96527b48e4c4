import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { SecretBox, layerSecretBox } from "../src/platform/SecretBox.js"

const key = "a1".repeat(32)
const withBox = <A, E>(keyHex: string, use: (box: SecretBox["Type"]) => Effect.Effect<A, E>) =>
  Effect.runPromiseExit(Effect.provide(Effect.flatMap(SecretBox, use), layerSecretBox(keyHex)))

describe("secret box (AES-256-GCM)", () => {
  it("opens what it sealed; the same secret seals differently each time and never shows in the sealed text", async () => {
    const exit = await withBox(key, (box) =>
      Effect.gen(function* () {
        const first = yield* box.seal("hunter2 ✓")
        const second = yield* box.seal("hunter2 ✓")
        return { first, second, opened: yield* box.open(first) }
      })
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    if (!Exit.isSuccess(exit)) return
    expect(exit.value.opened).toBe("hunter2 ✓")
    expect(exit.value.first).not.toBe(exit.value.second)
    expect(exit.value.first).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(exit.value.first).not.toContain("hunter2")
  })

  it("refuses to open text sealed under another key or altered", async () => {
    const sealed = await Effect.runPromise(
      Effect.provide(
        Effect.flatMap(SecretBox, (box) => box.seal("s")),
        layerSecretBox(key)
      )
    )
    // A character in the middle is altered (whatever it was): every bit there is data, never padding.
    const middle = Math.floor(sealed.length / 2)
    const flipped = sealed.slice(0, middle) + (sealed[middle] === "A" ? "B" : "A") + sealed.slice(middle + 1)
    for (const [keyHex, text] of [
      ["b2".repeat(32), sealed],
      [key, flipped],
      [key, "plain text"]
    ]) {
      const exit = await withBox(keyHex, (box) => box.open(text))
      expect(Exit.isFailure(exit) && String(exit.cause)).toContain("sealed under another SERVICEKIT_SECRET_KEY")
    }
  })
})
