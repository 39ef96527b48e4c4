import { Effect } from "effect"
import { invalidField } from "../platform/Errors.js"
import { listPage } from "../platform/Keyset.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import type { ChatChanges } from "./ChatChanges.js"
import { ConversationStateConflict } from "./ChatErrors.js"
import {
  MAX_COMMENT_LENGTH,
  MAX_NAME_LENGTH,
  SEARCH_RULE,
  checkLabels,
  checkText,
  checkVisitor,
  pageSize
} from "./ChatInputs.js"
import { encodeConversation } from "./ChatJson.js"
import { ChatMessageRepository, ConversationRepository } from "./ChatRepositories.js"
import { searchTerms } from "./Chat.js"
import type { ChatService } from "./ChatService.js"

/** Conversations: opened by the API, listed, assigned, moved between statuses and rated once. */
export const makeChatConversations = (changes: ChatChanges) =>
  Effect.gen(function* () {
    const conversations = yield* ConversationRepository
    const messages = yield* ChatMessageRepository
    const unit = yield* UnitOfWork
    const { change, emit } = changes

    const methods: Pick<
      ChatService["Type"],
      "createConversation" | "getConversation" | "listConversations" | "assign" | "setStatus" | "setLabels" | "rate"
    > = {
      createConversation: (tenantId, input) =>
        Effect.gen(function* () {
          yield* checkText("name", input.name, MAX_NAME_LENGTH)
          if (input.visitor !== undefined) yield* checkVisitor(input.visitor, "visitor.")
          return yield* unit.withTransaction(
            Effect.gen(function* () {
              const at = yield* changes.now
              const visitor =
                input.visitor === undefined ? undefined : yield* changes.upsertVisitor(tenantId, input.visitor, at)
              return yield* changes.openConversation(
                tenantId,
                visitor,
                {
                  name: input.name,
                  priority: input.priority ?? "normal",
                  source: "api"
                },
                at
              )
            })
          )
        }),

      getConversation: changes.find,

      listConversations: (tenantId, query) =>
        Effect.gen(function* () {
          const label = query.label === undefined ? undefined : (yield* checkLabels([query.label]))[0]
          const terms = query.q === undefined ? undefined : searchTerms(query.q)
          if (query.q !== undefined && (terms === undefined || terms.length === 0)) {
            return yield* Effect.fail(invalidField("q", SEARCH_RULE))
          }
          return yield* listPage(
            { limit: pageSize(query.limit), cursor: query.cursor },
            (cursor) => conversations.find(tenantId, cursor),
            (page) => {
              const filters = {
                ...page,
                status: query.status,
                source: query.source,
                assigneeId: query.assigneeId,
                visitorId: query.visitorId,
                label
              }
              return terms === undefined ? conversations.list(tenantId, filters) : messages.search(tenantId, filters, terms)
            }
          )
        }),

      setLabels: (tenantId, conversationId, labels) =>
        Effect.flatMap(checkLabels(labels), (kept) =>
          change(
            tenantId,
            conversationId,
            (conversation, at) => Effect.succeed({ ...conversation, labels: kept, updatedAt: at }),
            () => Effect.void
          )
        ),

      assign: (tenantId, conversationId, assigneeId) =>
        Effect.zipRight(
          assigneeId === null ? Effect.void : checkText("assigneeId", assigneeId, MAX_NAME_LENGTH),
          change(
            tenantId,
            conversationId,
            (conversation, at) => Effect.succeed({ ...conversation, assigneeId, updatedAt: at }),
            (before, after, at) =>
              before.assigneeId === after.assigneeId
                ? Effect.void
                : Effect.zipRight(
                    emit(
                      tenantId,
                      conversationId,
                      "conversation.assigned",
                      {
                        conversation: encodeConversation(after),
                        assigneeId: after.assigneeId,
                        previousAssigneeId: before.assigneeId
                      },
                      at
                    ),
                    // Handed over or unassigned: a place freed, or a conversation waits.
                    before.assigneeId !== null ? changes.wakeAssignment(tenantId) : Effect.void
                  )
          )
        ),

      setStatus: (tenantId, conversationId, status) =>
        change(
          tenantId,
          conversationId,
          (conversation, at) => Effect.succeed({ ...conversation, status, updatedAt: at }),
          (before, after, at) =>
            Effect.zipRight(
              after.status === "closed" && before.status !== "closed"
                ? emit(tenantId, conversationId, "conversation.closed", { conversation: encodeConversation(after) }, at)
                : Effect.void,
              // A place freed, or a conversation open again.
              before.status === after.status ? Effect.void : changes.wakeAssignment(tenantId)
            )
        ),

      rate: (tenantId, conversationId, rating, comment) =>
        Effect.gen(function* () {
          if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
            return yield* Effect.fail(invalidField("rating", "must be a whole number from 1 to 5"))
          }
          if (comment !== undefined && comment.length > MAX_COMMENT_LENGTH) {
            return yield* Effect.fail(invalidField("comment", `must be at most ${MAX_COMMENT_LENGTH} characters`))
          }
          return yield* change(
            tenantId,
            conversationId,
            (conversation, at) => {
              if (conversation.status !== "resolved" && conversation.status !== "closed") {
                return Effect.fail(
                  new ConversationStateConflict({
                    code: "conversation_not_finished",
                    message: "A conversation is rated once it is resolved or closed."
                  })
                )
              }
              if (conversation.csat !== null) {
                return Effect.fail(
                  new ConversationStateConflict({
                    code: "csat_already_submitted",
                    message: "This conversation has been rated."
                  })
                )
              }
              const csat = { rating, comment: comment?.trim() || null, submittedAt: at }
              return Effect.succeed({ ...conversation, csat, updatedAt: at })
            },
            (_, after, at) =>
              emit(
                tenantId,
                conversationId,
                "csat.submitted",
                {
                  conversationId,
                  visitorId: after.visitorId,
                  rating,
                  comment: after.csat?.comment ?? null,
                  submittedAt: at.toISOString()
                },
                at
              )
          )
        })
    }
    return methods
  })
