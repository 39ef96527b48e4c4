import { Effect, Layer } from "effect"
import { makeChatChanges } from "./ChatChanges.js"
import { makeChatConversations } from "./ChatConversations.js"
import { makeChatMessages } from "./ChatMessages.js"
import { makeChatVisitors } from "./ChatVisitors.js"
import { ChatService } from "./ChatService.js"

/** Live Chat's service, made of its parts: visitors, conversations and messages, sharing the changes they emit. */
export const chatServiceLayer = Layer.effect(
  ChatService,
  Effect.gen(function* () {
    const changes = yield* makeChatChanges
    return {
      ...(yield* makeChatVisitors(changes)),
      ...(yield* makeChatConversations(changes)),
      ...(yield* makeChatMessages(changes))
    }
  })
)
