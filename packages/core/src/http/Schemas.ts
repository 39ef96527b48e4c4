import { Schema } from "effect"

/** Replaces every inner failure message of `schema` with one plain reason. */
export const withReason = <S extends Schema.Schema.Any>(schema: S, reason: string): S =>
  schema.annotations({ message: () => ({ message: reason, override: true }) }) as S

/** A uuid, normalised to lowercase (as Postgres returns it). */
export const Uuid = withReason(Schema.compose(Schema.Lowercase, Schema.UUID), "must be a uuid")

/** ISO 8601 UTC timestamp with milliseconds, e.g. 2026-11-21T08:15:49.000Z. */
export const Timestamp = Schema.Date.annotations({
  description: "ISO 8601 timestamp in UTC with milliseconds",
  jsonSchema: { type: "string", format: "date-time" }
})

/** `limit` query parameter with the given bounds. */
export const PageLimit = (max: number) =>
  withReason(
    Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, max)),
    `must be an integer from 1 to ${max}`
  )
