import { Effect, Option } from "effect"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { listPage } from "../platform/Keyset.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { AgentProfileRepository, signatureOf } from "./AgentProfiles.js"
import type { ChatChanges } from "./ChatChanges.js"
import { NoteLimitReached } from "./ChatErrors.js"
import { MAX_CONTENT_LENGTH, checkText, pageSize } from "./ChatInputs.js"
import type { ChatService } from "./ChatService.js"
import { ConversationNoteRepository, MAX_NOTES_PER_CONVERSATION } from "./ConversationNotes.js"
import { noteAdded } from "./InboxFeed.js"

/**
 * Private notes: written by agents (signed as their replies are) or through the API, read by them
 * only. A note is told to the tenant's inboxes and nowhere else: no visitor route, stream or
 * webhook event carries it, and it changes nothing of the conversation a visitor or a receiver reads.
 */
export const makeChatNotes = (changes: ChatChanges) =>
  Effect.gen(function* () {
    const notes = yield* ConversationNoteRepository
    const profiles = yield* AgentProfileRepository
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto

    const methods: Pick<ChatService["Type"], "addNote" | "listNotes"> = {
      addNote: (tenantId, conversationId, author, content) =>
        Effect.gen(function* () {
          yield* checkText("content", content, MAX_CONTENT_LENGTH)
          yield* changes.find(tenantId, conversationId)
          const signature = signatureOf(
            author.type === "agent" && author.id !== null ? yield* profiles.find(tenantId, author.id) : Option.none()
          )
          return yield* unit.withTransaction(
            Effect.gen(function* () {
              if ((yield* notes.count(tenantId, conversationId, MAX_NOTES_PER_CONVERSATION)) >= MAX_NOTES_PER_CONVERSATION) {
                return yield* Effect.fail(new NoteLimitReached())
              }
              const note = {
                id: randomUuid(crypto),
                tenantId,
                conversationId,
                authorType: author.type,
                authorId: author.id,
                ...signature,
                content,
                createdAt: yield* changes.now
              }
              yield* notes.insert(note)
              yield* changes.signalInbox(tenantId, noteAdded(note.id))
              return note
            })
          )
        }),

      listNotes: (tenantId, conversationId, query) =>
        Effect.gen(function* () {
          yield* changes.find(tenantId, conversationId)
          return yield* listPage(
            { limit: pageSize(query.limit), cursor: query.cursor },
            (cursor) =>
              Effect.map(notes.find(tenantId, cursor), (found) =>
                Option.filter(found, (note) => note.conversationId === conversationId)
              ),
            (page) => notes.list(tenantId, conversationId, page)
          )
        })
    }
    return methods
  })
