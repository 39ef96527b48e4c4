import { JSONSchema, Option, SchemaAST as AST } from "effect"
import { ErrorBody, RateLimited, errorType } from "../platform/Errors.js"
import { snakeCase } from "./Failure.js"

/**
 * The errors of the OpenAPI document: each error an operation can answer as a component of its
 * own, the common error body with its family and the codes it answers with.
 */

type Spec = Record<string, any>

const invalidRequest =
  "Invalid request: `validation_failed` (`details` name each field) or `invalid_body` (not JSON, or nested too deeply)."

/** A schema's description, looking through a class schema to its declaration; HttpApi's decode error is the engine's 400. */
export const descriptionOf = (ast: AST.AST): string | undefined => {
  const annotations = "to" in ast ? { ...ast.to.annotations, ...ast.annotations } : ast.annotations
  if (annotations[AST.IdentifierAnnotationId] === "HttpApiDecodeError") return invalidRequest
  const description = annotations[AST.DescriptionAnnotationId] ?? annotations[AST.IdentifierAnnotationId]
  return typeof description === "string" ? description : undefined
}

/** An error body the document names: its component, the codes it answers with, and what it means. */
export interface DocumentedError {
  readonly name: string
  /** Every `code` it answers with; undefined when its class declares `code` as any string. */
  readonly codes: ReadonlyArray<string> | undefined
  readonly description: string
}

/** The errors the engine itself answers, whatever the operation declares. */
const engineErrors: Record<400 | 405 | 413 | 429 | 500, DocumentedError> = {
  400: { name: "InvalidRequest", codes: ["validation_failed", "invalid_body"], description: invalidRequest },
  405: {
    name: "MethodNotAllowed",
    codes: ["method_not_allowed"],
    description: "The path does not answer this method (`method_not_allowed`); `Allow` lists the methods it answers."
  },
  413: {
    name: "BodyTooLarge",
    codes: ["body_too_large"],
    description: "The body is larger than the host accepts (`body_too_large`)."
  },
  // The per-IP limits fail with the same error as the per-key limit.
  429: { name: "RateLimited", codes: ["rate_limited"], description: descriptionOf(RateLimited.ast) ?? "Too many requests." },
  500: {
    name: "InternalError",
    codes: ["internal_error", "body_consumed"],
    description:
      "Something went wrong on our side (`internal_error`, or `body_consumed` when a body parser mounted in front of ServiceKit read the body); it is logged with the request id."
  }
}

/** The members of a union, nested unions flattened; any other schema alone. */
const unionMembers = (ast: AST.AST): ReadonlyArray<AST.AST> =>
  AST.isUnion(ast) ? ast.types.flatMap(unionMembers) : [ast]

const stringLiterals = (ast: AST.AST): Array<string> =>
  unionMembers(ast).flatMap((member) => (AST.isLiteral(member) && typeof member.literal === "string" ? [member.literal] : []))

/**
 * What a declared error class answers with, as the engine writes it (http/Failure.ts): the
 * literals of its `code` field, else its tag in snake_case.
 */
const documentedError = (ast: AST.AST): DocumentedError => {
  const description = descriptionOf(ast) ?? ""
  const encoded = AST.encodedAST(ast)
  const field = (name: string) =>
    AST.isTypeLiteral(encoded) ? encoded.propertySignatures.find((property) => property.name === name)?.type : undefined
  const tag = field("_tag")
  const name = (tag === undefined ? [] : stringLiterals(tag))[0] ?? "Error"
  // HttpApi's own decode failure is the engine's 400.
  if (name === "HttpApiDecodeError") return { ...engineErrors[400], description }
  const code = field("code")
  if (code === undefined) return { name, codes: [snakeCase(name)], description }
  const codes = stringLiterals(code)
  return { name, codes: codes.length > 0 ? codes : undefined, description }
}

/** The errors an endpoint declares, by status. */
export const declaredErrors = (errors: ReadonlyMap<number, { readonly ast: Option.Option<AST.AST> }>) => {
  const byStatus = new Map<number, Array<DocumentedError>>()
  for (const [status, { ast }] of errors) {
    if (Option.isNone(ast)) continue
    byStatus.set(status, unionMembers(ast.value).map(documentedError))
  }
  return byStatus
}

const errorBodySchema = (): Spec => {
  const { $defs } = JSONSchema.make(ErrorBody) as { $defs: Record<string, Spec> }
  return $defs.ErrorBody
}

/** The common error body narrowed to one error: its `type` by status and the codes it answers with. */
const errorComponent = (status: number, error: DocumentedError): Spec => {
  const body = errorBodySchema()
  const fields: Spec = body.properties.error
  return {
    ...body,
    description: error.description,
    properties: {
      error: {
        ...fields,
        properties: {
          ...fields.properties,
          type: { ...fields.properties.type, enum: [errorType(status)] },
          code: { ...fields.properties.code, ...(error.codes === undefined ? {} : { enum: error.codes }) }
        }
      }
    }
  }
}

/**
 * An error answer of an operation: the engine's errors at that status and the ones the operation
 * declares, each a component (added to `components`), with their descriptions.
 */
export const errorResponse = (
  status: number,
  declared: ReadonlyArray<DocumentedError>,
  components: Record<string, Spec>
): { readonly description: string; readonly content: Spec } => {
  const errors = new Map<string, DocumentedError>()
  const engine = status in engineErrors ? [engineErrors[status as keyof typeof engineErrors]] : []
  for (const error of [...engine, ...declared]) errors.set(error.name, errors.get(error.name) ?? error)
  const refs = [...errors.values()].map((error) => {
    const component = error.name.endsWith("Error") ? error.name : `${error.name}Error`
    components[component] ??= errorComponent(status, error)
    return { $ref: `#/components/schemas/${component}` }
  })
  return {
    description: [...new Set([...errors.values()].map((error) => error.description))].join(" "),
    content: { "application/json": { schema: refs.length === 1 ? refs[0] : { anyOf: refs } } }
  }
}
