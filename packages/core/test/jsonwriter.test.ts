import { Arbitrary, FastCheck, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { CallJson, CallPageJson, VoiceUsageJson } from "../src/calling/CallingApi.js"
import { isoTimestamp, jsonWriter } from "../src/http/JsonWriter.js"
import { keySchemas } from "../src/accounts/DevelopersApi.js"
import { builtInCatalog } from "../src/BuiltInProducts.js"
import { catalogSchemas } from "../src/platform/Products.js"

const { ApiKeyJson, CreatedApiKeyJson } = keySchemas(catalogSchemas(builtInCatalog))

/** Parts the writer compiles and parts it hands back to the schema, side by side. */
const Mixed = Schema.Struct({
  text: Schema.String,
  optional: Schema.optional(Schema.String),
  exact: Schema.optionalWith(Schema.Number, { exact: true }),
  flag: Schema.Boolean,
  kind: Schema.Literal("a", 1, true, null),
  nested: Schema.NullOr(Schema.Struct({ at: Schema.Date, tags: Schema.Array(Schema.NullOr(Schema.String)) })),
  pair: Schema.Tuple(Schema.String, Schema.Number),
  counts: Schema.Record({ key: Schema.String, value: Schema.Int }),
  parsed: Schema.NumberFromString,
  either: Schema.Union(Schema.Struct({ a: Schema.String }), Schema.Struct({ b: Schema.Number }))
})

/** Optional fields before, between and after required ones, left out exactly as JSON.stringify leaves them out. */
const OptionalFirst = Schema.Struct({
  a: Schema.optional(Schema.String),
  b: Schema.UndefinedOr(Schema.Number),
  c: Schema.Boolean,
  d: Schema.optional(Schema.NullOr(Schema.Date)),
  e: Schema.String
})

const sameAsSchema = <A, I>(schema: Schema.Schema<A, I>) => {
  const write = jsonWriter(schema)
  const encode = Schema.encodeSync(schema)
  FastCheck.assert(
    FastCheck.property(Arbitrary.make(schema), (value) => {
      expect(write(value)).toBe(JSON.stringify(encode(value)))
    }),
    { numRuns: 300 }
  )
}

describe("JSON writer", () => {
  it.each([
    ["Call", CallJson],
    ["CallPage", CallPageJson],
    ["VoiceUsage", VoiceUsageJson],
    ["ApiKey", ApiKeyJson],
    ["CreatedApiKey", CreatedApiKeyJson],
    ["mixed", Mixed],
    ["optional fields first", OptionalFirst],
    ["only optional fields", Schema.partial(OptionalFirst)]
  ] as const)("writes %s exactly as JSON.stringify(Schema.encode(...))", (_, schema) => {
    sameAsSchema(schema as Schema.Schema<unknown, unknown>)
  })

  it("escapes strings as JSON.stringify does", () => {
    const write = jsonWriter(Schema.Array(Schema.String))
    const strings = ['quote "', "back\\slash", "tab\t", "nul\u0000", "emoji 😀", "lone \ud800", "line\u2028sep", ""]
    expect(write(strings)).toBe(JSON.stringify(strings))
    expect(JSON.parse(write(strings))).toEqual(strings)
  })

  it("drops properties that are not in the schema", () => {
    const write = jsonWriter(Schema.Struct({ id: Schema.String }))
    expect(write({ id: "x", tenantId: "secret" })).toBe('{"id":"x"}')
  })

  it("writes non-finite numbers as null", () => {
    expect(jsonWriter(Schema.Array(Schema.Number))([1.5, -0, Number.NaN, Infinity])).toBe("[1.5,0,null,null]")
  })
})

describe("isoTimestamp", () => {
  it("matches Date.prototype.toISOString over the whole date range", () => {
    FastCheck.assert(
      FastCheck.property(FastCheck.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(isoTimestamp(new Date(ms))).toBe(new Date(ms).toISOString())
      }),
      { numRuns: 2000 }
    )
    FastCheck.assert(
      FastCheck.property(FastCheck.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(isoTimestamp(new Date(ms))).toBe(new Date(ms).toISOString())
      }),
      { numRuns: 5000 }
    )
  })

  it.each(["1970-01-01T00:00:00.000Z", "2000-02-29T23:59:59.999Z", "2100-03-01T00:00:00.010Z", "2024-12-31T12:00:00.100Z", "9999-12-31T23:59:59.999Z", "+010000-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z"])(
    "writes %s",
    (iso) => {
      expect(isoTimestamp(new Date(iso))).toBe(iso)
    }
  )

  it("refuses an invalid date, as toISOString does", () => {
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe("JSON writer without code generation", () => {
  it("writes the same text when new Function is disallowed", () => {
    const original = globalThis.Function
    globalThis.Function = function () {
      throw new EvalError("Code generation from strings disallowed for this context")
    } as unknown as FunctionConstructor
    try {
      sameAsSchema(CallPageJson)
      sameAsSchema(Mixed)
      sameAsSchema(OptionalFirst)
    } finally {
      globalThis.Function = original
    }
  })
})
