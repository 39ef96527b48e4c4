import { Effect, Layer } from "effect"
import { makeChatAppearances } from "./ChatAppearances.js"
import { makeChatChanges } from "./ChatChanges.js"
import { makeChatConversations } from "./ChatConversations.js"
import { makeChatMessages } from "./ChatMessages.js"
import { makeChatNotes } from "./ChatNotes.js"
import { makeChatReads } from "./ChatReads.js"
import { makeChatTyping } from "./ChatTyping.js"
import { makeChatVisitors } from "./ChatVisitors.js"
import { makeChatWidget } from "./ChatWidget.js"
import { ChatService } from "./ChatService.js"

/** Live Chat's service, made of its parts: visitors, conversations, messages, agents' reads, the widget and its appearance, sharing the changes they emit. */
export const chatServiceLayer = Layer.effect(
  ChatService,
  Effect.gen(function* () {
    const changes = yield* makeChatChanges
    const messages = yield* makeChatMessages(changes)
    return {
      ...(yield* makeChatVisitors(changes)),
      ...(yield* makeChatConversations(changes)),
      ...messages,
      ...(yield* makeChatReads(changes)),
      ...(yield* makeChatWidget(changes, messages.postMessage)),
      ...(yield* makeChatAppearances(changes)),
      ...(yield* makeChatTyping(changes)),
      ...(yield* makeChatNotes(changes))
    }
  })
)
