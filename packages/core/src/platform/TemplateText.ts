import { Either } from "effect"

/**
 * The `{{var}}` placeholder language of email templates and workflow step inputs. A placeholder is a dotted path of
 * names (`{{ user.firstName }}`, spaces inside the braces allowed); everything else is literal
 * text. Parsing happens when a template is written, so that a send never meets a broken one.
 */

export type TemplatePart = { readonly literal: string } | { readonly path: ReadonlyArray<string> }

export interface TemplateSyntaxError {
  /** 1-based line and column of the offending `{{`. */
  readonly line: number
  readonly column: number
  readonly message: string
}

const NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/

const positionOf = (text: string, offset: number) => {
  const before = text.slice(0, offset).split("\n")
  return { line: before.length, column: before[before.length - 1]!.length + 1 }
}

/** The parts of a template text, or where and why it does not parse. */
export const parseTemplateText = (text: string): Either.Either<ReadonlyArray<TemplatePart>, TemplateSyntaxError> => {
  const parts: Array<TemplatePart> = []
  let at = 0
  for (;;) {
    // A "}}" outside a placeholder is literal text: minified CSS in HTML mail has plenty.
    const open = text.indexOf("{{", at)
    if (open < 0) break
    if (open > at) parts.push({ literal: text.slice(at, open) })
    const close = text.indexOf("}}", open + 2)
    const nextOpen = text.indexOf("{{", open + 2)
    if (close < 0 || (nextOpen >= 0 && nextOpen < close)) {
      return Either.left({ ...positionOf(text, open), message: "'{{' is not closed by '}}'" })
    }
    const expression = text.slice(open + 2, close).trim()
    const path = expression.split(".")
    if (expression.length === 0 || !path.every((name) => NAME.test(name))) {
      return Either.left({
        ...positionOf(text, open),
        message: `'{{${text.slice(open + 2, close)}}}' is not a variable name such as {{name}} or {{user.firstName}}`
      })
    }
    parts.push({ path })
    at = close + 2
  }
  if (at < text.length) parts.push({ literal: text.slice(at) })
  return Either.right(parts)
}

/** The dotted names a template's parts use, in order of first use. */
export const variablesOf = (parts: ReadonlyArray<TemplatePart>): ReadonlyArray<string> => [
  ...new Set(parts.flatMap((part) => ("path" in part ? [part.path.join(".")] : [])))
]

/** The value at a dotted path of the variables, undefined when any step is missing. */
const lookUp = (variables: unknown, path: ReadonlyArray<string>): unknown => {
  let value = variables
  for (const name of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, name)) return undefined
    value = (value as Record<string, unknown>)[name]
  }
  return value
}

/** A variable as text: strings as they are, numbers and booleans written out, other values as JSON. */
const asText = (value: unknown): string =>
  typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value)

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;"
}

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

/** The variables a template uses that are missing (undefined or null) from `variables`. */
export const missingVariables = (parts: ReadonlyArray<TemplatePart>, variables: unknown): ReadonlyArray<string> =>
  variablesOf(parts).filter((name) => {
    const value = lookUp(variables, name.split("."))
    return value === undefined || value === null
  })

/** Renders the parts; missing variables render as nothing (a send refuses them before rendering). */
export const renderTemplateText = (
  parts: ReadonlyArray<TemplatePart>,
  variables: unknown,
  escape: (text: string) => string = (text) => text
): string =>
  parts
    .map((part) => {
      if ("literal" in part) return part.literal
      const value = lookUp(variables, part.path)
      return value === undefined || value === null ? "" : escape(asText(value))
    })
    .join("")
