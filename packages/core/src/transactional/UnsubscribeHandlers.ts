import { Effect, Option } from "effect"
import { implement } from "../http/Implement.js"
import { Suppressions } from "../module/Suppressions.js"
import { SecretBox } from "../platform/SecretBox.js"
import { messageOfToken } from "./MessageTokens.js"
import { MessageRepository } from "./TransactionalRepositories.js"
import { UnsubscribeApi, UnsubscribeLinkInvalid } from "./UnsubscribeApi.js"

export const unsubscribeHandlers = implement(
  UnsubscribeApi,
  Effect.gen(function* () {
    const box = yield* SecretBox
    const messages = yield* MessageRepository
    const suppressions = yield* Suppressions
    return {
      unsubscribe: ({ path }) =>
        Effect.gen(function* () {
          const named = messageOfToken(box, "unsubscribe", path.token)
          const found = named === undefined ? Option.none() : yield* messages.find(named.tenantId, named.messageId)
          // Only broadcast mail carries the link: a token of another message is no unsubscribe.
          if (Option.isNone(found) || found.value.stream !== "broadcast") return yield* new UnsubscribeLinkInvalid()
          const message = found.value
          yield* suppressions.add([
            {
              tenantId: message.tenantId,
              stream: "broadcast",
              email: message.to,
              reason: "unsubscribe",
              detail: null,
              messageId: message.id
            }
          ])
          return { unsubscribed: true as const, stream: "broadcast" as const }
        })
    }
  })
)
