import { Effect, Either } from "effect"
import type { ValidationFailed } from "../platform/Errors.js"
import { invalidField } from "../platform/Errors.js"
import {
  type TemplatePart,
  escapeHtml,
  parseTemplateText,
  renderTemplateText,
  variablesOf
} from "../platform/TemplateText.js"
import type { TemplateBody } from "./Transactional.js"
import { MAX_BODY_LENGTH, MAX_SUBJECT_LENGTH } from "./TransactionalInputs.js"

export type TemplateParts = {
  readonly subject: TemplatePart[]
  readonly html: TemplatePart[]
  readonly text: TemplatePart[]
}

/** Parses each part of a template body; a part that does not parse is a 400 naming it and the position. */
export const parseBody = (body: TemplateBody, field: string): Effect.Effect<TemplateParts, ValidationFailed> =>
  Effect.gen(function* () {
    const parts: Record<string, TemplatePart[]> = {}
    for (const name of ["subject", "html", "text"] as const) {
      const parsed = parseTemplateText(body[name])
      if (Either.isLeft(parsed)) {
        const { line, column, message } = parsed.left
        return yield* invalidField(`${field}.${name}`, `line ${line}, column ${column}: ${message}`)
      }
      parts[name] = [...parsed.right]
    }
    return parts as TemplateParts
  })

/** The limits of mail content, a template's or an inline send's; `field` prefixes the names in errors. */
export const checkContent = (body: TemplateBody, field: string) =>
  Effect.gen(function* () {
    const at = (name: string) => (field === "" ? name : `${field}.${name}`)
    if (body.subject.trim().length === 0) return yield* invalidField(at("subject"), "must not be empty")
    if (body.subject.length > MAX_SUBJECT_LENGTH || /[\r\n]/.test(body.subject)) {
      return yield* invalidField(at("subject"), `must be one line of at most ${MAX_SUBJECT_LENGTH} characters`)
    }
    for (const name of ["html", "text"] as const) {
      if (body[name].length > MAX_BODY_LENGTH) {
        return yield* invalidField(at(name), `must be at most ${MAX_BODY_LENGTH} characters`)
      }
    }
    if (body.html.length === 0 && body.text.length === 0) {
      return yield* invalidField(at("html"), "html or text must not be empty")
    }
  })

/** A template body within the limits whose placeholders all parse. */
export const checkBody = (body: TemplateBody, field: string) =>
  Effect.zipRight(checkContent(body, field), parseBody(body, field))

/** Line breaks in a subject's variables become spaces: a subject is one header line, never two. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ")

export const renderWith = (parts: TemplateParts, variables: unknown) => ({
  subject: renderTemplateText(parts.subject, variables, oneLine),
  html: renderTemplateText(parts.html, variables, escapeHtml),
  text: renderTemplateText(parts.text, variables)
})

export const allParts = (parts: TemplateParts) => [...parts.subject, ...parts.html, ...parts.text]

/** The variables a template uses, in order of first use across subject, html and text. */
export const templateVariables = (body: TemplateBody): ReadonlyArray<string> =>
  variablesOf(
    (["subject", "html", "text"] as const).flatMap((name) => {
      const parsed = parseTemplateText(body[name])
      return Either.isRight(parsed) ? parsed.right : []
    })
  )
