import { Effect, Option } from "effect"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { invalidField } from "../platform/Errors.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { AgentProfileRepository, signatureOf } from "./AgentProfiles.js"
import type { ChatChanges } from "./ChatChanges.js"
import { ConversationNotFound, ConversationStateConflict } from "./ChatErrors.js"
import { ChatFileLinks } from "./ChatFileLinks.js"
import { ChatFileService } from "./ChatFileService.js"
import { type Author, MAX_CONTENT_LENGTH, checkText, pageSize } from "./ChatInputs.js"
import { encodeMessage } from "./ChatJson.js"
import { ChatMessageRepository, ConversationRepository } from "./ChatRepositories.js"
import type { ChatService } from "./ChatService.js"
import { messageSignal, seenSignal } from "./ConversationFeed.js"
import { ConversationReadRepository } from "./ConversationReads.js"
import { messageAdded, readMarked } from "./InboxFeed.js"

/** A conversation's messages: read after a given one, and written in commit order. */
export const makeChatMessages = (changes: ChatChanges) =>
  Effect.gen(function* () {
    const conversations = yield* ConversationRepository
    const messages = yield* ChatMessageRepository
    const reads = yield* ConversationReadRepository
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto
    const profiles = yield* AgentProfileRepository
    const files = yield* ChatFileService
    const links = yield* ChatFileLinks

    /** An agent signs with their profile as it is now; other authors with nothing. */
    const signature = (tenantId: string, author: Author) =>
      Effect.map(
        author.type !== "agent" || author.id === null ? Effect.succeedNone : profiles.find(tenantId, author.id),
        signatureOf
      )

    const methods: Pick<ChatService["Type"], "listMessages" | "postMessage"> = {
      listMessages: (tenantId, conversationId, query) =>
        Effect.gen(function* () {
          yield* changes.find(tenantId, conversationId)
          let afterSequence = 0
          if (query.after !== undefined) {
            const after = yield* messages.find(tenantId, query.after)
            if (Option.isNone(after) || after.value.conversationId !== conversationId) {
              return yield* Effect.fail(invalidField("after", "no such message in this conversation"))
            }
            afterSequence = after.value.sequence
          }
          const limit = pageSize(query.limit)
          const rows = yield* messages.list(tenantId, conversationId, { limit: limit + 1, afterSequence })
          const items = rows.slice(0, limit)
          return { items, limit, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null }
        }),

      postMessage: (tenantId, conversationId, author, content, fileIds = []) =>
        Effect.gen(function* () {
          // Text, files or both; text that is only spaces is no text.
          if (fileIds.length === 0 || content.length > 0) yield* checkText("content", content, MAX_CONTENT_LENGTH)
          // Files are checked (and library files copied) once the conversation is known to be there.
          const attached =
            fileIds.length === 0
              ? []
              : yield* Effect.zipRight(
                  changes.find(tenantId, conversationId),
                  files.forMessage(tenantId, conversationId, author, fileIds)
                )
          const link = yield* links.linker
          return yield* unit.withTransaction(
            Effect.gen(function* () {
              const at = yield* changes.now
              const appended = yield* messages.append({
                id: randomUuid(crypto),
                tenantId,
                conversationId,
                authorType: author.type,
                authorId: author.id,
                ...(yield* signature(tenantId, author)),
                content,
                files: attached,
                createdAt: at
              })
              if (Option.isNone(appended)) return yield* Effect.fail(new ConversationNotFound())
              const { conversation, message } = appended.value
              if (conversation.status === "closed") {
                return yield* Effect.fail(
                  new ConversationStateConflict({
                    code: "conversation_closed",
                    message: "The conversation is closed; reopen it to write to it."
                  })
                )
              }
              // A visitor writing again reopens a resolved conversation.
              if (author.type === "visitor" && conversation.status === "resolved") {
                yield* conversations.update({ ...conversation, status: "open", updatedAt: at })
                yield* changes.signal(conversationId, "conversation")
                yield* changes.wakeAssignment(tenantId)
              }
              // An agent has read what they answer, and the visitor sees it.
              if (author.type === "agent" && author.id !== null) {
                yield* reads.markRead({
                  tenantId,
                  conversationId,
                  readerId: author.id,
                  sequence: message.sequence,
                  readAt: at
                })
                yield* changes.signal(conversationId, seenSignal(message.sequence))
                yield* changes.signalInbox(tenantId, readMarked(conversationId, message.sequence, author.id))
              }
              yield* changes.signal(conversationId, messageSignal(message.sequence))
              // The inbox reads the message and then its conversation, reopened or not.
              yield* changes.signalInbox(tenantId, messageAdded(message.id))
              yield* changes.emit(
                tenantId,
                conversationId,
                "message.created",
                { conversationId, visitor: conversation.visitor, message: encodeMessage(message, link) },
                at
              )
              return message
            })
          )
        })
    }
    return methods
  })
