import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { eventStreamHeaders } from "../http/EventStream.js"
import { implement } from "../http/Implement.js"
import { pageJson } from "../http/Pages.js"
import type { Listed } from "../platform/Keyset.js"
import { ApiCaller, requireTenant, requireTenantAdmin } from "../http/Security.js"
import { ChatApi } from "./ChatApi.js"
import { ChatDashboardApi } from "./ChatDashboardApi.js"
import type { ChatMessage, Conversation } from "./Chat.js"
import { ChatFileLinks, type FileLinker } from "./ChatFileLinks.js"
import { agentConversationJson, conversationJson, messageJson, noteJson, visitorJson } from "./ChatJson.js"
import { ChatService } from "./ChatService.js"
import { inboxFeed } from "./InboxFeed.js"

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)

/** Messages as JSON (the team's, or the visitor's view), their files with links signed once the messages are had. */
export const messageEncoders = <J>(
  linker: Effect.Effect<FileLinker>,
  toJson: (message: ChatMessage, link: FileLinker) => J
) => ({
  message: <E, R>(message: Effect.Effect<ChatMessage, E, R>) => Effect.zipWith(message, linker, toJson),
  page: <E, R>(listed: Effect.Effect<Listed<ChatMessage>, E, R>) =>
    Effect.zipWith(listed, linker, (page, link) => pageJson(page, (message) => toJson(message, link)))
})

export const chatHandlers = implement(
  ChatApi,
  Effect.gen(function* () {
    const chat = yield* ChatService
    const encode = messageEncoders((yield* ChatFileLinks).linker, messageJson)
    return {
      mintSession: ({ payload }) => Effect.flatMap(tenant, (tenantId) => chat.mintSession(tenantId, payload)),
      listConversations: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => chat.listConversations(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, conversationJson))
        ),
      createConversation: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => chat.createConversation(tenantId, payload)).pipe(
          Effect.map(conversationJson)
        ),
      listMessages: ({ path, urlParams }) =>
        encode.page(Effect.flatMap(tenant, (tenantId) => chat.listMessages(tenantId, path.id, urlParams))),
      postMessage: ({ path, payload }) =>
        encode.message(
          Effect.flatMap(tenant, (tenantId) =>
            chat.postMessage(tenantId, path.id, { type: "api", id: null }, payload.content, payload.fileIds)
          )
        ),
      setLabels: ({ path, payload }) =>
        Effect.flatMap(tenant, (tenantId) => chat.setLabels(tenantId, path.id, payload.labels)).pipe(
          Effect.map(conversationJson)
        ),
      listNotes: ({ path, urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => chat.listNotes(tenantId, path.id, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, noteJson))
        ),
      addNote: ({ path, payload }) =>
        Effect.flatMap(tenant, (tenantId) => chat.addNote(tenantId, path.id, { type: "api", id: null }, payload.content)).pipe(
          Effect.map(noteJson)
        ),
      listVisitors: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => chat.listVisitors(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, visitorJson))
        )
    }
  })
)

export const chatDashboardHandlers = implement(
  ChatDashboardApi,
  Effect.gen(function* () {
    const chat = yield* ChatService
    const encode = messageEncoders((yield* ChatFileLinks).linker, messageJson)
    /** A conversation as the agent sees it, with their read mark. */
    const asAgent = (tenantId: string, agentId: string) => (conversation: Conversation) =>
      Effect.map(chat.readMarks(tenantId, agentId, [conversation]), (marks) =>
        agentConversationJson(conversation, marks.get(conversation.id) ?? 0)
      )
    /** Checks the token is the path's tenant's, then shows the conversation `change` answers to its user. */
    const forAgent = <E, R>(tenantId: string, change: Effect.Effect<Conversation, E, R>) =>
      Effect.flatMap(requireTenant(tenantId), (session) => Effect.flatMap(change, asAgent(tenantId, session.sub)))
    return {
      listAgentConversations: ({ path, urlParams: { assigned, ...query } }) =>
        Effect.flatMap(requireTenant(path.tenantId), (session) =>
          Effect.flatMap(
            chat.listConversations(path.tenantId, {
              ...query,
              assigneeId: assigned === undefined ? undefined : assigned === "me" ? session.sub : null
            }),
            (listed) =>
              Effect.map(chat.readMarks(path.tenantId, session.sub, listed.items), (marks) =>
                pageJson(listed, (conversation) => agentConversationJson(conversation, marks.get(conversation.id) ?? 0))
              )
          )
        ),
      getAgentConversation: ({ path }) => forAgent(path.tenantId, chat.getConversation(path.tenantId, path.id)),
      markConversationRead: ({ path, payload }) =>
        Effect.flatMap(requireTenant(path.tenantId), (session) =>
          chat.markRead(path.tenantId, path.id, session.sub, payload.sequence)
        ).pipe(Effect.map(({ conversation, lastReadSequence }) => agentConversationJson(conversation, lastReadSequence))),
      listAgentMessages: ({ path, urlParams }) =>
        encode.page(Effect.zipRight(requireTenant(path.tenantId), chat.listMessages(path.tenantId, path.id, urlParams))),
      replyAsAgent: ({ path, payload }) =>
        encode.message(
          Effect.flatMap(requireTenant(path.tenantId), (session) =>
            chat.postMessage(path.tenantId, path.id, { type: "agent", id: session.sub }, payload.content, payload.fileIds)
          )
        ),
      setAgentConversationLabels: ({ path, payload }) =>
        forAgent(path.tenantId, chat.setLabels(path.tenantId, path.id, payload.labels)),
      listAgentNotes: ({ path, urlParams }) =>
        Effect.zipRight(requireTenant(path.tenantId), chat.listNotes(path.tenantId, path.id, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, noteJson))
        ),
      addAgentNote: ({ path, payload }) =>
        Effect.flatMap(requireTenant(path.tenantId), (session) =>
          chat.addNote(path.tenantId, path.id, { type: "agent", id: session.sub }, payload.content)
        ).pipe(Effect.map(noteJson)),
      agentTyping: ({ path }) =>
        Effect.flatMap(requireTenant(path.tenantId), (session) =>
          chat.typing(path.tenantId, path.id, { type: "agent", id: session.sub })
        ),
      assignConversation: ({ path, payload }) =>
        forAgent(path.tenantId, chat.assign(path.tenantId, path.id, payload.assigneeId)),
      setConversationStatus: ({ path, payload }) =>
        forAgent(path.tenantId, chat.setStatus(path.tenantId, path.id, payload.status)),
      listAgentVisitors: ({ path, urlParams }) =>
        Effect.zipRight(requireTenant(path.tenantId), chat.listVisitors(path.tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, visitorJson))
        ),
      getChatWidget: ({ path }) => Effect.zipRight(requireTenant(path.tenantId), chat.widget(path.tenantId)),
      rotateWidgetIdentitySecret: ({ path }) =>
        Effect.zipRight(requireTenantAdmin(path.tenantId), chat.rotateIdentitySecret(path.tenantId)),
      followInbox: ({ path }) =>
        Effect.zipRight(requireTenant(path.tenantId), inboxFeed(path.tenantId)).pipe(
          Effect.map((body) =>
            HttpServerResponse.raw(body, { contentType: "text/event-stream", headers: eventStreamHeaders })
          )
        )
    }
  })
)
