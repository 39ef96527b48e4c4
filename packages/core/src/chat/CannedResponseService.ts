import { Clock, Context, Effect, Layer, Option } from "effect"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../platform/Errors.js"
import type { UniqueViolation } from "../platform/UnitOfWork.js"
import {
  type CannedResponse,
  CannedResponseRepository,
  MAX_CANNED_NAME_LENGTH,
  MAX_CANNED_RESPONSES,
  SHORTCUT,
  SHORTCUT_RULE
} from "./CannedResponses.js"
import { CannedResponseConflict, CannedResponseNotFound } from "./ChatErrors.js"
import { ChatFileService } from "./ChatFileService.js"
import { MAX_CONTENT_LENGTH, checkText } from "./ChatInputs.js"

export interface CannedResponseInput {
  readonly name: string
  readonly shortcut: string
  readonly content: string
  /** Library files sent with it; none when left out. */
  readonly fileIds?: ReadonlyArray<string> | undefined
}

type Refusal = ValidationFailed | CannedResponseConflict

/** A tenant's library of canned responses: a name, a unique shortcut, the text agents insert and the library files sent with it. */
export class CannedResponseService extends Context.Tag("@servicekit/core/CannedResponseService")<
  CannedResponseService,
  {
    /** The tenant's, by shortcut (at most MAX_CANNED_RESPONSES). */
    readonly list: (tenantId: string) => Effect.Effect<ReadonlyArray<CannedResponse>>
    readonly create: (tenantId: string, input: CannedResponseInput) => Effect.Effect<CannedResponse, Refusal>
    /** Changes the fields given. */
    readonly update: (
      tenantId: string,
      id: string,
      change: Partial<CannedResponseInput>
    ) => Effect.Effect<CannedResponse, Refusal | CannedResponseNotFound>
    readonly remove: (tenantId: string, id: string) => Effect.Effect<void, CannedResponseNotFound>
  }
>() {
  static readonly layer = Layer.effect(
    CannedResponseService,
    Effect.gen(function* () {
      const responses = yield* CannedResponseRepository
      const files = yield* ChatFileService
      const crypto = yield* SecretCrypto
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const check = (input: CannedResponseInput) =>
        Effect.gen(function* () {
          yield* checkText("name", input.name, MAX_CANNED_NAME_LENGTH)
          if (!SHORTCUT.test(input.shortcut)) return yield* Effect.fail(invalidField("shortcut", `must be ${SHORTCUT_RULE}`))
          yield* checkText("content", input.content, MAX_CONTENT_LENGTH)
        })

      const save = (response: CannedResponse) =>
        Effect.as(
          Effect.catchTag(responses.save(response), "UniqueViolation", (_: UniqueViolation) =>
            Effect.fail(
              new CannedResponseConflict({
                code: "shortcut_taken",
                message: `Another canned response has the shortcut /${response.shortcut}.`
              })
            )
          ),
          response
        )

      return CannedResponseService.of({
        list: (tenantId) => responses.list(tenantId, MAX_CANNED_RESPONSES),

        create: (tenantId, input) =>
          Effect.gen(function* () {
            yield* check(input)
            if ((yield* responses.count(tenantId)) >= MAX_CANNED_RESPONSES) {
              return yield* Effect.fail(
                new CannedResponseConflict({
                  code: "canned_response_limit_reached",
                  message: `The account keeps ${MAX_CANNED_RESPONSES} canned responses, the most it may: remove one first.`
                })
              )
            }
            const at = yield* now
            return yield* save({
              id: randomUuid(crypto),
              tenantId,
              name: input.name.trim(),
              shortcut: input.shortcut,
              content: input.content,
              files: yield* files.forLibrary(tenantId, input.fileIds ?? []),
              createdAt: at,
              updatedAt: at
            })
          }),

        update: (tenantId, id, change) =>
          Effect.gen(function* () {
            const found = yield* responses.find(tenantId, id)
            if (Option.isNone(found)) return yield* Effect.fail(new CannedResponseNotFound())
            const next = {
              name: change.name ?? found.value.name,
              shortcut: change.shortcut ?? found.value.shortcut,
              content: change.content ?? found.value.content
            }
            yield* check(next)
            const attached =
              change.fileIds === undefined ? found.value.files : yield* files.forLibrary(tenantId, change.fileIds)
            return yield* save({ ...found.value, ...next, name: next.name.trim(), files: attached, updatedAt: yield* now })
          }),

        remove: (tenantId, id) =>
          Effect.flatMap(responses.remove(tenantId, id), (removed) =>
            removed ? Effect.void : Effect.fail(new CannedResponseNotFound())
          )
      })
    })
  )
}
