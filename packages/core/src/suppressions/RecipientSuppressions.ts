import { Clock, Effect, Layer } from "effect"
import { type NewSuppression, type SoftBounce, Suppressions, suppressionAddress } from "../module/Suppressions.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { MAX_DETAIL_LENGTH, SOFT_BOUNCE_LIMIT, SOFT_BOUNCE_WINDOW_DAYS, type StreamAddress } from "./Suppression.js"
import { SuppressionRepository } from "./SuppressionRepository.js"

const DAY_MS = 86_400_000

/** The lists as the products that send mail use them. */
export const layerSuppressions = Layer.effect(
  Suppressions,
  Effect.gen(function* () {
    const suppressions = yield* SuppressionRepository
    const crypto = yield* SecretCrypto
    const add = (entries: ReadonlyArray<NewSuppression>) =>
      entries.length === 0
        ? Effect.void
        : Effect.flatMap(Clock.currentTimeMillis, (millis) =>
            suppressions.insertMany(
              entries.map((entry) => ({
                ...entry,
                id: randomUuid(crypto),
                email: suppressionAddress(entry.email),
                detail: entry.detail?.slice(0, MAX_DETAIL_LENGTH) ?? null,
                createdAt: new Date(millis)
              }))
            )
          )
    const softBounced = (entries: ReadonlyArray<SoftBounce>) =>
      Effect.gen(function* () {
        if (entries.length === 0) return
        const millis = yield* Clock.currentTimeMillis
        const bounces = entries.map((entry) => ({ ...entry, email: suppressionAddress(entry.email) }))
        const counted = yield* suppressions.countSoftBounces(
          bounces,
          new Date(millis),
          new Date(millis - SOFT_BOUNCE_WINDOW_DAYS * DAY_MS)
        )
        const reached = counted.filter((address) => address.count >= SOFT_BOUNCE_LIMIT)
        if (reached.length === 0) return
        // The last bounce of each address says why.
        const key = ({ email, stream, tenantId }: StreamAddress) => `${tenantId} ${stream} ${email}`
        const last = new Map(bounces.map((bounce) => [key(bounce), bounce]))
        yield* add(reached.map((address) => ({ ...last.get(key(address))!, reason: "soft_bounce" as const })))
        yield* suppressions.clearSoftBounces(reached)
      })
    return {
      among: (tenantId, stream, emails) =>
        emails.length === 0
          ? Effect.succeed(new Map())
          : Effect.map(
              suppressions.among(tenantId, stream, [...new Set(emails.map(suppressionAddress))]),
              (held) => new Map(held.map((entry) => [entry.email, entry.reason]))
            ),
      add,
      softBounced
    }
  })
)
