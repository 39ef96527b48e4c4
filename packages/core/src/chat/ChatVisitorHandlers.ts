import { HttpServerResponse } from "@effect/platform"
import { Clock, Effect, FiberRef, Option } from "effect"
import { eventStreamHeaders, lastEventId } from "../http/EventStream.js"
import { implement } from "../http/Implement.js"
import { CurrentRequest } from "../http/RequestContext.js"
import { invalidField } from "../platform/Errors.js"
import { RateLimiter } from "../platform/RateLimiter.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { AvailabilityService } from "./Availability.js"
import type { ConversationNotFound } from "./ChatErrors.js"
import { ChatPageApi, ChatVisitorApi, ChatWidgetApi } from "./ChatVisitorApi.js"
import { visitorConversationJson, visitorMessageJson } from "./ChatJson.js"
import { ChatFileLinks } from "./ChatFileLinks.js"
import { ChatFileService } from "./ChatFileService.js"
import { fileEncoder } from "./ChatFilesHandlers.js"
import { messageEncoders } from "./ChatHandlers.js"
import { ChatService } from "./ChatService.js"
import { conversationFeed } from "./ConversationFeed.js"
import { chatPageCss, chatPageHtml, pageSecurityHeaders } from "./HostedChatPage.js"
import { chatPageScript } from "./HostedChatScript.js"
import { VisitorSession, admitted } from "./VisitorAuth.js"
import { widgetLoaderScript } from "./WidgetLoader.js"

export const chatPageHandlers = implement(
  ChatPageApi,
  Effect.gen(function* () {
    const { brand, mountPath } = yield* ServiceKitSettings
    const headers = pageSecurityHeaders(brand)
    const asset = (body: string, contentType: string) =>
      Effect.succeed(HttpServerResponse.text(body, { contentType, headers }))
    const html = chatPageHtml(mountPath, brand)
    const css = chatPageCss(brand)
    const loader = widgetLoaderScript(brand)
    return {
      chatPage: () => asset(html, "text/html; charset=utf-8"),
      chatPageScript: () => asset(chatPageScript, "text/javascript; charset=utf-8"),
      chatPageStyles: () => asset(css, "text/css; charset=utf-8"),
      // Loaded by other origins' pages: cached a while, and never read as anything but a script.
      widgetScript: () =>
        Effect.succeed(
          HttpServerResponse.text(loader, {
            contentType: "text/javascript; charset=utf-8",
            headers: { "x-content-type-options": "nosniff", "cache-control": "public, max-age=300" }
          })
        ),
      widgetPanel: ({ urlParams }) => asset(chatPageHtml(mountPath, brand, urlParams.siteKey), "text/html; charset=utf-8")
    }
  })
)

export const chatWidgetHandlers = implement(
  ChatWidgetApi,
  Effect.gen(function* () {
    const chat = yield* ChatService
    const availability = yield* AvailabilityService
    const { linker } = yield* ChatFileLinks
    const limiter = yield* RateLimiter
    // Every route counts against the visitor routes' limit per address; those that mint a token
    // against the widget's own too.
    const perAddress = Effect.gen(function* () {
      const state = yield* FiberRef.get(CurrentRequest)
      yield* Effect.flatMap(limiter.forVisitorAddress(state.clientIp), (limit) => admitted(state, limit, "ip"))
      return state
    })
    const limited = Effect.flatMap(perAddress, (state) =>
      Effect.flatMap(limiter.forWidgetStart(state.clientIp), (limit) => admitted(state, limit, "ip"))
    )
    return {
      getWidgetAppearance: ({ urlParams }) => Effect.zipRight(perAddress, chat.widgetAppearance(urlParams.siteKey)),
      getWidgetAvailability: ({ urlParams }) =>
        Effect.zipRight(perAddress, availability.widgetAvailability(urlParams.siteKey)),
      resumeWidgetConversation: ({ payload: { siteKey, ...identity } }) =>
        Effect.zipRight(limited, chat.resumeWidgetConversation(siteKey, identity)).pipe(
          Effect.map((resumed) =>
            Option.match(resumed, {
              onNone: () => ({ visitorToken: null, expiresAt: null, conversation: null }),
              onSome: ({ conversation, expiresAt, visitorToken }) => ({
                visitorToken,
                expiresAt,
                conversation: visitorConversationJson(conversation)
              })
            })
          )
        ),
      startWidgetConversation: ({ payload: { content, email, externalId, identityHash, siteKey } }) =>
        Effect.gen(function* () {
          yield* limited
          if ((externalId === undefined) !== (identityHash === undefined)) {
            return yield* Effect.fail(
              invalidField(externalId === undefined ? "externalId" : "identityHash", "is required with the other")
            )
          }
          const identity = externalId === undefined ? undefined : { externalId, identityHash: identityHash! }
          const started = yield* chat.startWidgetConversation(siteKey, content, identity, email)
          return {
            visitorToken: started.visitorToken,
            expiresAt: started.expiresAt,
            conversation: visitorConversationJson(started.conversation),
            message: visitorMessageJson(started.message, yield* linker)
          }
        })
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
    const { linker } = yield* ChatFileLinks
    const encode = messageEncoders(linker, visitorMessageJson)
    const fileJson = fileEncoder(linker)
    const files = yield* ChatFileService
    const availability = yield* AvailabilityService
    return {
      getVisitorAppearance: () => Effect.flatMap(VisitorSession, (session) => chat.shownAppearance(session.tenantId)),
      sayVisitorPresent: () =>
        Effect.flatMap(VisitorSession, (session) => availability.visitorPresent(session.tenantId, session.conversationId)),
      leaveVisitorEmail: ({ payload }) =>
        Effect.flatMap(VisitorSession, (session) => chat.leaveVisitorEmail(session.tenantId, session.visitorId, payload.email)).pipe(
          Effect.map((visitor) => ({ email: visitor.email! }))
        ),
      getVisitorConversation: () =>
        Effect.flatMap(VisitorSession, (session) =>
          own(chat.getConversation(session.tenantId, session.conversationId))
        ).pipe(Effect.map(visitorConversationJson)),
      listVisitorMessages: ({ urlParams }) =>
        encode.page(
          Effect.flatMap(VisitorSession, (session) =>
            own(chat.listMessages(session.tenantId, session.conversationId, urlParams))
          )
        ),
      postVisitorMessage: ({ payload }) =>
        encode.message(
          Effect.flatMap(VisitorSession, (session) =>
            own(
              chat.postMessage(
                session.tenantId,
                session.conversationId,
                { type: "visitor", id: session.visitorId },
                payload.content,
                payload.fileIds
              )
            )
          )
        ),
      uploadVisitorFile: ({ payload, urlParams }) =>
        fileJson(
          Effect.flatMap(VisitorSession, (session) =>
            own(
              files.upload(
                session.tenantId,
                session.conversationId,
                { type: "visitor", id: session.visitorId },
                urlParams.name,
                payload
              )
            )
          )
        ),
      followVisitorConversation: () =>
        Effect.gen(function* () {
          const session = yield* VisitorSession
          const now = new Date(yield* Clock.currentTimeMillis)
          const body = yield* conversationFeed(session, yield* lastEventId, now)
          return HttpServerResponse.raw(body, { contentType: "text/event-stream", headers: eventStreamHeaders })
        }),
      visitorTyping: () =>
        Effect.flatMap(VisitorSession, (session) =>
          own(chat.typing(session.tenantId, session.conversationId, { type: "visitor", id: session.visitorId }))
        ),
      rateConversation: ({ payload }) =>
        Effect.flatMap(VisitorSession, (session) =>
          own(chat.rate(session.tenantId, session.conversationId, payload.rating, payload.comment))
        ).pipe(Effect.map(visitorConversationJson))
    }
  })
)
