import { Schema } from "effect"

/** Replaces every inner failure message of `schema` with one plain reason. */
export const withReason = <S extends Schema.Schema.Any>(schema: S, reason: string): S =>
  schema.annotations({ message: () => ({ message: reason, override: true }) }) as S

const uuidJsonSchema = { type: "string", format: "uuid" } as const

/**
 * A list a tenant stores, of at most `max` items: longer is a 400 naming the list, so that no
 * tenant can make a stored list (and every request that reads it) arbitrarily large.
 * `reason` words any other problem of the list, as `withReason` does.
 */
export const cappedList = <S extends Schema.Schema.Any>(item: S, max: number, reason: string, what: string) => {
  const list: Schema.Array$<S> = withReason(Schema.Array(item), reason)
  return list.pipe(
    Schema.maxItems<Schema.Array$<S>>(max, {
      // An overriding message of a refinement also words its inner failures: those keep `reason`.
      message: (issue) => ({
        message: issue._tag === "Refinement" && issue.kind === "From" ? reason : `must list at most ${max} ${what}`,
        override: true
      })
    })
  )
}

/** A uuid, normalised to lowercase (as Postgres returns it). */
export const Uuid = withReason(Schema.compose(Schema.Lowercase, Schema.UUID), "must be a uuid").annotations({
  jsonSchema: uuidJsonSchema
})

/** A uuid ServiceKit hands out (always lowercase), documented with `format: uuid`. */
export const UuidText = Schema.String.annotations({ jsonSchema: uuidJsonSchema })

/** A whole number in a response, documented as a plain `integer` (`Schema.Int` would add an `Int` component). */
export const Integer = Schema.Number.pipe(Schema.int({ title: undefined, description: undefined }))

/** ISO 8601 UTC timestamp with milliseconds, e.g. 2026-11-21T08:15:49.000Z. */
export const Timestamp = Schema.Date.annotations({
  description: "ISO 8601 timestamp in UTC with milliseconds",
  jsonSchema: { type: "string", format: "date-time" }
})

/**
 * A valid date within the years 0001 to 9999: the range every database and JSON consumer reads
 * back (JavaScript alone would take year 275760, and Postgres fails on some of those).
 */
export const isStorableDate = (date: Date): boolean => {
  const year = date.getUTCFullYear()
  return year >= 1 && year <= 9999
}

/** A timestamp a client sends: ISO 8601, within the storable years. */
export const TimestampInput = withReason(
  Schema.Date.pipe(Schema.filter(isStorableDate)),
  "must be an ISO 8601 timestamp between the years 0001 and 9999"
).annotations({ jsonSchema: { type: "string", format: "date-time" } })

/**
 * A full timestamp in a query: date, time and offset (`2026-11-01T00:00:00Z`,
 * `2026-11-01T01:00:00.000+01:00`), never a bare date whose time zone would be a guess.
 */
export const FullTimestampInput = withReason(
  Schema.compose(
    Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/)),
    Schema.Date
  ).pipe(Schema.filter(isStorableDate)),
  "must be an ISO 8601 timestamp with a time and an offset (e.g. 2026-11-01T00:00:00Z), between the years 0001 and 9999"
).annotations({ jsonSchema: { type: "string", format: "date-time" } })

/** A whole number written as plain decimal digits: not `1e2`, `0x10`, ` 5` or `5.0`. */
export const DecimalInt = Schema.compose(Schema.String.pipe(Schema.pattern(/^[0-9]{1,15}$/)), Schema.NumberFromString)

/** `limit` query parameter with the given bounds, documented as the integer its digits spell. */
/** A whole number from `min` to `max` in a query string, documented as the integer it carries. */
export const QueryInteger = (min: number, max: number, reason: string) =>
  withReason(DecimalInt.pipe(Schema.int(), Schema.between(min, max)), reason).annotations({
    jsonSchema: { type: "integer", minimum: min, maximum: max }
  })

export const PageLimit = (max: number, defaultLimit: number) =>
  QueryInteger(1, max, `must be an integer from 1 to ${max}`).annotations({
    jsonSchema: { type: "integer", minimum: 1, maximum: max, default: defaultLimit }
  })

/** Text without NUL characters, which Postgres cannot store. */
export const withoutNul = <S extends Schema.Schema<string, any, any>>(schema: S) =>
  schema.pipe(
    Schema.filter((text: string) => !text.includes("\u0000"), { message: () => "must not contain NUL characters" })
  )

/** Any JSON object. */
export const JsonObject = Schema.Record({ key: Schema.String, value: Schema.Unknown })

/** A JSON object a client sends. */
export const JsonObjectInput = withReason(JsonObject, "must be a JSON object")
