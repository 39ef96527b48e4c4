import { Effect, Option } from "effect"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { invalidField } from "../platform/Errors.js"
import { listPage } from "../platform/Keyset.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { UsageLedger } from "../platform/Usage.js"
import type { ChatChanges } from "./ChatChanges.js"
import {
  MAX_NAME_LENGTH,
  SOURCE,
  SOURCE_RULE,
  VISITOR_TOKEN_HOURS,
  checkText,
  checkVisitor,
  hostedChatUrl,
  pageSize
} from "./ChatInputs.js"
import { ConversationRepository, VisitorRepository } from "./ChatRepositories.js"
import type { ChatService } from "./ChatService.js"

/**
 * Visitors and their sessions: a session upserts the visitor by the tenant's id for them, opens
 * (or reuses) their conversation and mints the token and link that open it for a while.
 */
export const makeChatVisitors = (changes: ChatChanges) =>
  Effect.gen(function* () {
    const visitors = yield* VisitorRepository
    const conversations = yield* ConversationRepository
    const usage = yield* UsageLedger
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto
    const settings = yield* ServiceKitSettings

    const methods: Pick<ChatService["Type"], "mintSession" | "listVisitors"> = {
      mintSession: (tenantId, input) =>
        Effect.gen(function* () {
          yield* checkVisitor(input, "")
          if (input.name !== undefined) yield* checkText("name", input.name, MAX_NAME_LENGTH)
          const source = input.source ?? "api"
          if (!SOURCE.test(source)) yield* Effect.fail(invalidField("source", `must be ${SOURCE_RULE}`))
          return yield* unit.withTransaction(
            Effect.gen(function* () {
              const at = yield* changes.now
              const visitor = yield* changes.upsertVisitor(tenantId, input, at)
              const widget = yield* changes.ensureWidget(tenantId, at)
              const open = yield* conversations.findOpen(tenantId, visitor.id)
              const conversation =
                Option.isSome(open) && (input.name === undefined || input.name === open.value.name)
                  ? open.value
                  : yield* changes.openConversation(
                      tenantId,
                      visitor,
                      { name: input.name ?? null, priority: "normal", source },
                      at
                    )
              const expiresAt = new Date(at.getTime() + VISITOR_TOKEN_HOURS * 3_600_000)
              const token = yield* changes.mintToken(visitor, conversation, expiresAt, at)
              yield* Effect.orDie(
                usage.append({
                  id: randomUuid(crypto),
                  tenantId,
                  kind: "chat_session_mint",
                  quantity: 1,
                  metadata: { conversationId: conversation.id, visitorId: visitor.id, source },
                  occurredAt: at
                })
              )
              return {
                conversationId: conversation.id,
                chatUrl: hostedChatUrl(settings, widget.siteKey, token),
                externalId: visitor.externalId,
                visitorToken: token,
                expiresAt,
                siteKey: widget.siteKey
              }
            })
          )
        }),

      listVisitors: (tenantId, query) =>
        query.externalId !== undefined
          ? Effect.map(visitors.findByExternalId(tenantId, query.externalId), (found) => ({
              items: Option.toArray(found),
              limit: pageSize(query.limit),
              nextCursor: null
            }))
          : listPage(
              { limit: pageSize(query.limit), cursor: query.cursor },
              (cursor) => visitors.find(tenantId, cursor),
              (page) => visitors.list(tenantId, page)
            )
    }
    return methods
  })
