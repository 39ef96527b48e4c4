import { Clock, Effect, Layer } from "effect"
import { Suppressions, suppressionAddress } from "../module/Suppressions.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { MAX_DETAIL_LENGTH } from "./Suppression.js"
import { SuppressionRepository } from "./SuppressionRepository.js"

/** The suppression lists as the products that send mail use them. */
export const layerSuppressions = Layer.effect(
  Suppressions,
  Effect.gen(function* () {
    const suppressions = yield* SuppressionRepository
    const crypto = yield* SecretCrypto
    return {
      among: (tenantId, stream, emails) =>
        emails.length === 0
          ? Effect.succeed(new Map())
          : Effect.map(
              suppressions.among(tenantId, stream, [...new Set(emails.map(suppressionAddress))]),
              (held) => new Map(held.map((entry) => [entry.email, entry.reason]))
            ),
      add: (entries) =>
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
    }
  })
)
