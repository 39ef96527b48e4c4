import { HttpServerResponse } from "@effect/platform"
import { Clock, Effect } from "effect"
import { eventStreamHeaders, lastEventId } from "../http/EventStream.js"
import { implement } from "../http/Implement.js"
import { pageJson } from "../http/Pages.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import type { ConversationNotFound } from "./ChatErrors.js"
import { ChatPageApi, ChatVisitorApi } from "./ChatVisitorApi.js"
import { visitorConversationJson, visitorMessageJson } from "./ChatJson.js"
import { ChatService } from "./ChatService.js"
import { conversationFeed } from "./ConversationFeed.js"
import { chatPageCss, chatPageHtml, chatPageScript, pageSecurityHeaders } from "./HostedChatPage.js"
import { VisitorSession } from "./VisitorAuth.js"

export const chatPageHandlers = implement(
  ChatPageApi,
  Effect.gen(function* () {
    const { brand, mountPath } = yield* ServiceKitSettings
    const headers = pageSecurityHeaders(brand)
    const asset = (body: string, contentType: string) =>
      Effect.succeed(HttpServerResponse.text(body, { contentType, headers }))
    const html = chatPageHtml(mountPath, brand)
    const css = chatPageCss(brand)
    return {
      chatPage: () => asset(html, "text/html; charset=utf-8"),
      chatPageScript: () => asset(chatPageScript, "text/javascript; charset=utf-8"),
      chatPageStyles: () => asset(css, "text/css; charset=utf-8")
    }
  })
)

/** The token names a conversation that exists: conversations are never deleted. */
const own = <A, E, R>(effect: Effect.Effect<A, E | ConversationNotFound, R>) =>
  Effect.catchTag(
    effect as Effect.Effect<A, ConversationNotFound, R>,
    "ConversationNotFound",
    Effect.die
  ) as Effect.Effect<A, Exclude<E, ConversationNotFound>, R>

export const chatVisitorHandlers = implement(
  ChatVisitorApi,
  Effect.gen(function* () {
    const chat = yield* ChatService
    return {
      getVisitorConversation: () =>
        Effect.flatMap(VisitorSession, (session) =>
          own(chat.getConversation(session.tenantId, session.conversationId))
        ).pipe(Effect.map(visitorConversationJson)),
      listVisitorMessages: ({ urlParams }) =>
        Effect.flatMap(VisitorSession, (session) =>
          own(chat.listMessages(session.tenantId, session.conversationId, urlParams))
        ).pipe(Effect.map((listed) => pageJson(listed, visitorMessageJson))),
      postVisitorMessage: ({ payload }) =>
        Effect.flatMap(VisitorSession, (session) =>
          own(
            chat.postMessage(
              session.tenantId,
              session.conversationId,
              { type: "visitor", id: session.visitorId },
              payload.content
            )
          )
        ).pipe(Effect.map(visitorMessageJson)),
      followVisitorConversation: () =>
        Effect.gen(function* () {
          const session = yield* VisitorSession
          const now = new Date(yield* Clock.currentTimeMillis)
          const body = yield* conversationFeed(session, yield* lastEventId, now)
          return HttpServerResponse.raw(body, { contentType: "text/event-stream", headers: eventStreamHeaders })
        }),
      rateConversation: ({ payload }) =>
        Effect.flatMap(VisitorSession, (session) =>
          own(chat.rate(session.tenantId, session.conversationId, payload.rating, payload.comment))
        ).pipe(Effect.map(visitorConversationJson))
    }
  })
)
