import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { cappedList, withReason } from "../src/http/Schemas.js"
import { issueDetails } from "../src/platform/ParseIssues.js"

const detailsOf = <A, I>(schema: Schema.Schema<A, I>, input: unknown) => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "error" })(input)
  if (Either.isRight(result)) throw new Error("expected a failure")
  return issueDetails(result.left)
}

describe("validation details", () => {
  it("words a capped list's bad item by the list's reason, and only a list too long by its cap", () => {
    const schema = Schema.Struct({ products: cappedList(Schema.Literal("voice", "chat"), 2, "must be an array of products: voice, chat", "products") })
    const reason = [{ field: "products", reason: "must be an array of products: voice, chat" }]
    expect(detailsOf(schema, { products: ["fax"] })).toEqual(reason)
    expect(detailsOf(schema, { products: "voice" })).toEqual(reason)
    expect(detailsOf(schema, { products: ["voice", "chat", "voice"] })).toEqual([
      { field: "products", reason: "must list at most 2 products" }
    ])
  })

  it("says what each field takes, in words from the schema, never the value sent", () => {
    const schema = Schema.Struct({
      name: Schema.String.pipe(Schema.maxLength(3)),
      kind: Schema.Literal("a", "b"),
      count: Schema.optional(Schema.Int),
      when: Schema.NullOr(Schema.Date),
      tags: Schema.Array(Schema.String),
      id: withReason(Schema.UUID, "must be a uuid")
    })
    const details = detailsOf(schema, {
      name: "secret-name",
      kind: "secret-kind",
      count: 1.5,
      when: "secret-date",
      tags: ["ok", 7],
      id: "secret-id",
      extra: "secret-extra"
    })
    expect(details).toEqual([
      { field: "extra", reason: "is not allowed" },
      { field: "name", reason: "must be a string at most 3 character(s) long" },
      { field: "kind", reason: 'must be one of "a", "b"' },
      { field: "count", reason: "must be an integer" },
      { field: "when", reason: "must be a valid Date" },
      { field: "tags.1", reason: "must be a string" },
      { field: "id", reason: "must be a uuid" }
    ])
    expect(JSON.stringify(details)).not.toContain("secret")
  })

  it("names at most 20 fields, each field and reason at most 200 characters", () => {
    const fields = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, Schema.String]))
    expect(detailsOf(Schema.Struct(fields), {})).toHaveLength(20)
    const long = "x".repeat(1_000)
    const [detail] = detailsOf(Schema.Struct({ [long]: withReason(Schema.String, "y".repeat(1_000)) }), { [long]: 1 })
    expect(detail.field.length).toBeLessThanOrEqual(200)
    expect(detail.reason.length).toBeLessThanOrEqual(200)
  })
})
