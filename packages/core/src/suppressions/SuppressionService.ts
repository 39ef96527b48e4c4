import { Clock, Context, Effect, Layer } from "effect"
import { type MailStream, suppressionAddress } from "../module/Suppressions.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { isEmailAddress } from "../platform/EmailAddress.js"
import { type ValidationFailed, invalidField } from "../platform/Errors.js"
import { type Listed, listPage } from "../platform/Keyset.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import {
  MAX_DETAIL_LENGTH,
  MAX_MANUAL_SUPPRESSIONS,
  SOFT_BOUNCE_WINDOW_DAYS,
  type Suppression,
  type SuppressionFilter,
  isRemovable
} from "./Suppression.js"
import { SuppressionConflict, SuppressionNotFound } from "./SuppressionErrors.js"
import { SuppressionRepository } from "./SuppressionRepository.js"

/**
 * A tenant's suppression lists as the tenant manages them: read, add an address by hand, take off
 * one that bounced or was added by hand.
 */
export class SuppressionService extends Context.Tag("@servicekit/core/SuppressionService")<
  SuppressionService,
  {
    readonly list: (
      tenantId: string,
      query: SuppressionFilter & { readonly limit: number; readonly cursor?: string | undefined }
    ) => Effect.Effect<Listed<Suppression>, ValidationFailed>
    readonly add: (
      tenantId: string,
      input: { readonly email: string; readonly stream: MailStream; readonly note?: string | undefined }
    ) => Effect.Effect<Suppression, ValidationFailed | SuppressionConflict>
    readonly remove: (
      tenantId: string,
      stream: MailStream,
      email: string
    ) => Effect.Effect<Suppression, SuppressionNotFound | SuppressionConflict>
    /** Drops the soft-bounce counts begun before the window, which would start over anyway (periodic). */
    readonly pruneSoftBounces: Effect.Effect<number>
  }
>() {
  static readonly layer = Layer.effect(
    SuppressionService,
    Effect.gen(function* () {
      const suppressions = yield* SuppressionRepository
      const crypto = yield* SecretCrypto
      const unit = yield* UnitOfWork
      return {
        list: (tenantId, { cursor, limit, ...filter }) =>
          listPage(
            { limit, cursor },
            (id) => suppressions.find(tenantId, id),
            (page) =>
              suppressions.list(
                tenantId,
                { ...filter, email: filter.email === undefined ? undefined : suppressionAddress(filter.email) },
                page
              )
          ),
        add: (tenantId, input) =>
          Effect.gen(function* () {
            const email = suppressionAddress(input.email)
            if (!isEmailAddress(email)) return yield* invalidField("email", "must be an email address")
            if ((yield* suppressions.countManual(tenantId, MAX_MANUAL_SUPPRESSIONS)) >= MAX_MANUAL_SUPPRESSIONS) {
              return yield* new SuppressionConflict({
                code: "suppression_limit",
                message: `An account adds at most ${MAX_MANUAL_SUPPRESSIONS} addresses by hand: remove some first.`
              })
            }
            const entry: Suppression = {
              tenantId,
              id: randomUuid(crypto),
              stream: input.stream,
              email,
              reason: "manual",
              detail: input.note === undefined || input.note.trim() === "" ? null : input.note.slice(0, MAX_DETAIL_LENGTH),
              messageId: null,
              createdAt: new Date(yield* Clock.currentTimeMillis)
            }
            if (!(yield* suppressions.insert(entry))) {
              return yield* new SuppressionConflict({
                code: "suppression_exists",
                message: `${email} is on the ${input.stream} stream's suppression list already.`
              })
            }
            return entry
          }),
        remove: (tenantId, stream, email) =>
          Effect.gen(function* () {
            const [held] = yield* suppressions.among(tenantId, stream, [suppressionAddress(email)])
            if (held === undefined) return yield* new SuppressionNotFound()
            if (!isRemovable(held.reason)) {
              return yield* new SuppressionConflict({
                code: "suppression_not_removable",
                message: `${held.email} is suppressed by the recipient's own ${held.reason === "complaint" ? "spam complaint" : "unsubscribe"}: only the recipient can undo it.`
              })
            }
            // Mailed again, the address starts a fresh count of soft bounces. The count's row is
            // taken first, as a soft bounce being recorded takes it before the entry's.
            yield* unit.withTransaction(
              Effect.zipRight(
                suppressions.clearSoftBounces([{ tenantId, stream, email: held.email }]),
                suppressions.remove(tenantId, held.id)
              )
            )
            return held
          }),
        pruneSoftBounces: Effect.flatMap(Clock.currentTimeMillis, (millis) =>
          suppressions.pruneSoftBounces(new Date(millis - SOFT_BOUNCE_WINDOW_DAYS * 86_400_000))
        )
      }
    })
  )
}
