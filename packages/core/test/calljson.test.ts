import { Arbitrary, FastCheck, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CallJson, callToJson } from "../src/calling/CallingApi.js"

describe("hand-written call encoder", () => {
  it("writes exactly what Schema.encode(CallJson) writes", () => {
    const encode = Schema.encodeSync(CallJson)
    FastCheck.assert(
      FastCheck.property(Arbitrary.make(CallJson), (call) => {
        const stored = { ...call, tenantId: "00000000-0000-4000-8000-000000000000" }
        expect(JSON.stringify(callToJson(stored))).toBe(JSON.stringify(encode(call)))
      }),
      { numRuns: 500 }
    )
  })
})
