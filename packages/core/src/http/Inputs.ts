import { ApiError } from "./ApiError.js"

/** How deep a JSON body may nest: far beyond any contract's shape, far below what recursion survives. */
export const MAX_JSON_DEPTH = 64

const NUL = "\u0000"
/** Half of a surrogate pair without its other half: JSON.parse lets it through, Postgres refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Text storage can keep: NUL characters and lone surrogate halves become U+FFFD. */
export const storableText = (text: string): string =>
  text.replaceAll(NUL, "\uFFFD").replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD")

/** Why storage could not keep this text, or undefined when it can. */
const unstorable = (text: string) =>
  text.includes(NUL)
    ? "must not contain NUL characters"
    : LONE_SURROGATE.test(text)
      ? "must be valid Unicode (no lone surrogate halves)"
      : undefined

const refusedField = (field: string, reason: string) =>
  new ApiError({
    status: 400,
    code: "validation_failed",
    message: `Invalid request: ${field} ${reason}`,
    details: [{ field, reason }]
  })

const nulIn = (field: string) => refusedField(field, "must not contain NUL characters")

const tooDeep = () =>
  new ApiError({
    status: 400,
    code: "invalid_body",
    message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`
  })

const fieldOf = (path: ReadonlyArray<string | number>) => (path.length === 0 ? "body" : path.join(".")).slice(0, 200)

/**
 * Screens a parsed JSON body before any schema sees it: nesting beyond MAX_JSON_DEPTH, and NUL
 * characters or lone surrogate halves in keys or strings (Postgres cannot store them) are refused
 * with a 400. Iterative, so that no input can exhaust the stack.
 */
export const screenJson = (body: unknown): ApiError | undefined => {
  const check = (text: string, field: () => string) => {
    const reason = unstorable(text)
    return reason === undefined ? undefined : refusedField(field(), reason)
  }
  if (typeof body === "string") return check(body, () => "body")
  // Only containers are pushed; strings are checked where they are met, other values need nothing.
  const stack: Array<{ value: object; path: ReadonlyArray<string | number> }> = []
  const visit = (value: unknown, path: ReadonlyArray<string | number>, key: string | number) => {
    if (typeof value === "string") return check(value, () => fieldOf([...path, key]))
    if (typeof value === "object" && value !== null) stack.push({ value, path: [...path, key] })
    return undefined
  }
  if (typeof body === "object" && body !== null) stack.push({ value: body, path: [] })
  while (stack.length > 0) {
    const { path, value } = stack.pop()!
    if (path.length >= MAX_JSON_DEPTH) return tooDeep()
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const refused = visit(value[i], path, i)
        if (refused !== undefined) return refused
      }
    } else {
      for (const key in value) {
        const badKey = check(key, () => fieldOf([...path, JSON.stringify(key).slice(1, -1)]))
        if (badKey !== undefined) return badKey
        const refused = visit((value as Record<string, unknown>)[key], path, key)
        if (refused !== undefined) return refused
      }
    }
  }
  return undefined
}

/** Screens path parameters or query values: a NUL character names its field in a 400. */
export const screenValues = (values: Iterable<readonly [string, string]>): ApiError | undefined => {
  for (const [name, value] of values) {
    if (value.includes(NUL) || name.includes(NUL)) return nulIn(name.replaceAll(NUL, "\\u0000").slice(0, 200))
  }
  return undefined
}
