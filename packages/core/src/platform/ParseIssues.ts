import { Option, type ParseResult, SchemaAST as AST } from "effect"
import type { ErrorDetail } from "./Errors.js"

/** At most this many fields are named in one error, each field and reason cut to this length. */
const MAX_DETAILS = 20
const MAX_TEXT = 200

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text)

/** A schema's own message for an issue (`annotations({ message })`), if it gives a plain one. */
const ownMessage = (ast: AST.AST, issue: ParseResult.ParseIssue): { text: string; override: boolean } | undefined => {
  const annotation = AST.getMessageAnnotation(ast)
  if (Option.isNone(annotation)) return undefined
  const given = annotation.value(issue)
  if (typeof given === "string") return { text: given, override: true }
  if (typeof given === "object" && given !== null && "message" in given && typeof given.message === "string") {
    return { text: given.message, override: given.override }
  }
  return undefined
}

const description = (ast: AST.AST): string | undefined => {
  const described = AST.getDescriptionAnnotation(ast)
  return Option.isSome(described) && described.value.length <= 80 ? described.value : undefined
}

/** What a value of `ast` looks like, in words, from the schema alone. */
const expected = (ast: AST.AST): string => {
  switch (ast._tag) {
    case "StringKeyword":
    case "TemplateLiteral":
      return "a string"
    case "NumberKeyword":
      return "a number"
    case "BooleanKeyword":
      return "a boolean"
    case "Literal":
      return JSON.stringify(ast.literal) ?? String(ast.literal)
    case "Enums":
      return `one of ${ast.enums.map(([, value]) => JSON.stringify(value)).join(", ")}`
    case "TypeLiteral":
      return "an object"
    case "TupleType":
      return "an array"
    case "Union": {
      const members = [...new Set(ast.types.filter((m) => m._tag !== "UndefinedKeyword").map(expected))]
      return members.length === 1 ? members[0] : `one of ${members.join(", ")}`
    }
    case "Refinement":
      return description(ast) ?? expected(ast.from)
    case "Transformation":
      return expected(ast.to)
    case "Suspend":
      return expected(ast.f())
    default:
      return description(ast) ?? "valid"
  }
}

/**
 * One reason per field for a schema failure, in words drawn from the schema only: never the value
 * that was sent (which may be huge, deeply nested or secret), never a schema's internal names.
 * A schema's own message wins over the words derived from it.
 */
export const issueDetails = (error: ParseResult.ParseError): Array<ErrorDetail> => {
  const byField = new Map<string, string>()
  const add = (path: ReadonlyArray<PropertyKey>, reason: string) => {
    const field = cut(path.map(String).join(".") || "body")
    if (!byField.has(field) && byField.size < MAX_DETAILS) byField.set(field, cut(reason))
  }
  const walk = (issue: ParseResult.ParseIssue, path: ReadonlyArray<PropertyKey>): void => {
    if (byField.size >= MAX_DETAILS) return
    if (issue._tag === "Pointer") {
      return walk(issue.issue, [...path, ...(Array.isArray(issue.path) ? issue.path : [issue.path])])
    }
    const own = "ast" in issue ? ownMessage(issue.ast as AST.AST, issue) : undefined
    if (own !== undefined && (own.override || issue._tag === "Type" || issue._tag === "Refinement")) {
      return add(path, own.text)
    }
    switch (issue._tag) {
      case "Missing": {
        // A field's own `missingMessage` may say what to send, e.g. the shape of a JSON object.
        const missing = Option.getOrUndefined(AST.getMissingMessageAnnotation(issue.ast))?.()
        return add(path, typeof missing === "string" ? missing : "is missing")
      }
      case "Unexpected":
        return add(path, "is not allowed")
      case "Forbidden":
        return add(path, "is invalid")
      case "Type":
        return add(path, expected(issue.ast) === "valid" ? "is invalid" : `must be ${expected(issue.ast)}`)
      case "Refinement":
        if (issue.kind === "From") return walk(issue.issue, path)
        return add(path, description(issue.ast) === undefined ? "is invalid" : `must be ${description(issue.ast)}`)
      case "Transformation":
        return walk(issue.issue, path)
      case "Composite": {
        const inner = (
          Array.isArray(issue.issues) ? issue.issues : [issue.issues]
        ) as ReadonlyArray<ParseResult.ParseIssue>
        if (AST.isUnion(issue.ast)) {
          // A member the value had the shape of says more than the members it missed (null, undefined, a literal).
          const closer = inner.filter((member) => member._tag !== "Type")
          if (closer.length === 0) return add(path, `must be ${expected(issue.ast)}`)
          for (const member of closer) walk(member, path)
          return
        }
        for (const member of inner) walk(member, path)
      }
    }
  }
  walk(error.issue, [])
  return [...byField].map(([field, reason]) => ({ field, reason }))
}

/** `issueDetails` of a value inside a request: fields named from the value ("" for the value itself). */
export const issueDetailsWithin = (error: ParseResult.ParseError): Array<ErrorDetail> =>
  issueDetails(error).map((detail) => ({ ...detail, field: detail.field === "body" ? "" : detail.field }))
