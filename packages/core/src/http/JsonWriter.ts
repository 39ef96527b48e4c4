import { Schema, SchemaAST as AST } from "effect"

/**
 * Writes a value of a schema's type as the JSON text of its encoded form: the same text as
 * `JSON.stringify(Schema.encodeSync(schema)(value))`, compiled once per schema. Structs,
 * arrays, nullable fields, primitives and timestamps are encoded by plain code (keeping only
 * the declared fields, as the schema does); anything else is encoded by the schema itself.
 * Refinements are not re-checked: the value comes from a handler typed by the schema.
 */
export type JsonWriter = (value: any) => string

export const jsonWriter = (schema: { readonly ast: AST.AST }): JsonWriter => {
  const encode = compile(schema.ast)
  return (value) => JSON.stringify(encode(value))
}

type Encode = (value: any) => unknown

const DAY_MS = 86_400_000
const YEAR_10000_MS = 253_402_300_800_000
const pad = (n: number, width: number) => `${n}`.padStart(width, "0")
// Pieces of "THH:MM:" "SS." "mmmZ", so a timestamp is four strings joined, not a dozen.
const HOURS_MINUTES = Array.from({ length: 1440 }, (_, n) => `T${pad(Math.floor(n / 60), 2)}:${pad(n % 60, 2)}:`)
const SECONDS = Array.from({ length: 60 }, (_, n) => `${pad(n, 2)}.`)
const MILLIS = Array.from({ length: 1000 }, (_, n) => `${pad(n, 3)}Z`)
// Timestamps in one response mostly share their day: its "YYYY-MM-DD" is kept from the last call.
let lastDay = Number.NaN
let lastDate = ""

/** `date.toISOString()`, faster: the date part is reused across calls on the same day. */
export const isoTimestamp = (date: Date): string => {
  const ms = date.getTime()
  if (!(ms >= 0 && ms < YEAR_10000_MS)) return date.toISOString()
  const day = Math.floor(ms / DAY_MS)
  if (day !== lastDay) {
    lastDate = date.toISOString().slice(0, 10)
    lastDay = day
  }
  const ofDay = ms - day * DAY_MS
  const minutes = Math.floor(ofDay / 60_000)
  const ofMinute = ofDay - minutes * 60_000
  const seconds = Math.floor(ofMinute / 1000)
  return lastDate + HOURS_MINUTES[minutes] + SECONDS[seconds] + MILLIS[ofMinute - seconds * 1000]
}

const identity: Encode = (value) => value

/** Types JSON.stringify writes as they are: strings, numbers, booleans, null and unions of them. */
const isPrimitive = (ast: AST.AST): boolean => {
  switch (ast._tag) {
    case "StringKeyword":
    case "NumberKeyword":
    case "BooleanKeyword":
      return true
    case "Literal":
      return typeof ast.literal !== "bigint"
    case "Refinement":
      return isPrimitive(ast.from)
    case "Union":
      return ast.types.every(isPrimitive)
    default:
      return false
  }
}

const isNothing = (ast: AST.AST) => (ast._tag === "Literal" && ast.literal === null) || ast._tag === "UndefinedKeyword"

const bySchema = (ast: AST.AST): Encode => Schema.encodeSync(Schema.make(ast))

const compile = (ast: AST.AST): Encode => {
  if (isPrimitive(ast)) return identity
  switch (ast._tag) {
    case "Refinement":
      return compile(ast.from)
    case "Transformation":
      return ast === Schema.DateFromString.ast ? isoTimestamp : bySchema(ast)
    case "Union": {
      // A nullable (or optional) struct, array or timestamp: one member besides null/undefined.
      const present = ast.types.filter((member) => !isNothing(member))
      if (present.length !== 1) return bySchema(ast)
      const encode = compile(present[0])
      return (value) => (value === null || value === undefined ? value : encode(value))
    }
    case "TupleType": {
      if (ast.elements.length !== 0 || ast.rest.length !== 1) return bySchema(ast)
      const encodeItem = compile(ast.rest[0].type)
      return encodeItem === identity ? identity : (items: ReadonlyArray<unknown>) => items.map(encodeItem)
    }
    case "TypeLiteral": {
      if (ast.indexSignatures.length > 0 || ast.propertySignatures.some((p) => typeof p.name !== "string")) {
        return bySchema(ast)
      }
      const names = ast.propertySignatures.map((property) => property.name as string)
      const encoders = ast.propertySignatures.map((property) => compile(property.type))
      return structEncoder(names, encoders)
    }
    default:
      return bySchema(ast)
  }
}

/**
 * Builds the encoded object as an object literal of the declared fields, in declaration order:
 * generated once per struct, it is about a fifth faster for a page of calls than assigning the
 * fields one by one, which remains the way where code generation is disallowed.
 */
const structEncoder = (names: ReadonlyArray<string>, encoders: ReadonlyArray<Encode>): Encode => {
  const fields = names.map((name, i) => {
    const read = `value[${JSON.stringify(name)}]`
    return `${JSON.stringify(name)}: ${encoders[i] === identity ? read : `${read} === undefined ? undefined : encoders[${i}](${read})`}`
  })
  try {
    return new Function("encoders", `return (value) => ({ ${fields.join(", ")} })`)(encoders) as Encode
  } catch {
    return (value: Record<string, unknown>) => {
      const encoded: Record<string, unknown> = {}
      for (let i = 0; i < names.length; i++) {
        const fieldValue = value[names[i]]
        encoded[names[i]] = fieldValue === undefined ? undefined : encoders[i](fieldValue)
      }
      return encoded
    }
  }
}
