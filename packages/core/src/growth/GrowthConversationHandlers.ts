import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { pageJson } from "../http/Pages.js"
import { DashboardSession } from "../http/Security.js"
import type { GrowthConversation, GrowthMessage } from "./GrowthConversation.js"
import { GrowthConversationService, type GrowthConversationThread } from "./GrowthConversationService.js"
import { GrowthConversationsApi } from "./GrowthConversationsApi.js"

/** A conversation as the API shows it. */
const conversationJson = (conversation: GrowthConversation) => ({
  id: conversation.id,
  contact: { email: conversation.contactEmail, name: conversation.contactName },
  subject: conversation.subject,
  status: conversation.status,
  messageCount: conversation.messageCount,
  lastMessageAt: conversation.lastMessageAt,
  createdBy: conversation.createdBy,
  createdAt: conversation.createdAt,
  updatedAt: conversation.updatedAt
})

const messageJson = (message: GrowthMessage) => ({
  id: message.id,
  conversationId: message.conversationId,
  sequence: message.sequence,
  direction: message.direction,
  content: message.content,
  authorId: message.authorId,
  emailMessageId: message.emailMessageId,
  createdAt: message.createdAt
})

const threadJson = (thread: GrowthConversationThread) => ({
  ...conversationJson(thread.conversation),
  messages: thread.messages.map(messageJson)
})

export const growthConversationHandlers = implement(
  GrowthConversationsApi,
  Effect.gen(function* () {
    const growth = yield* GrowthConversationService
    const tenant = Effect.map(DashboardSession, (session) => session.tenantId)
    const user = Effect.map(DashboardSession, (session) => ({ tenantId: session.tenantId, userId: session.sub }))
    return {
      listGrowthConversations: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => growth.list(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, conversationJson))
        ),
      createGrowthConversation: ({ payload }) =>
        Effect.flatMap(user, (author) => growth.create(author, payload)).pipe(Effect.map(threadJson)),
      getGrowthConversation: ({ path }) =>
        Effect.flatMap(tenant, (tenantId) => growth.get(tenantId, path.id)).pipe(Effect.map(threadJson)),
      addGrowthMessage: ({ path, payload }) =>
        Effect.flatMap(user, (author) => growth.addMessage(author, path.id, payload)).pipe(Effect.map(messageJson)),
      updateGrowthConversation: ({ path, payload }) =>
        Effect.flatMap(tenant, (tenantId) => growth.setStatus(tenantId, path.id, payload.status)).pipe(
          Effect.map(conversationJson)
        )
    }
  })
)
