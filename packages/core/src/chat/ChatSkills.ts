import { Effect } from "effect"
import type { Skill } from "../module/Skill.js"
import { Text, builtInSkill } from "../module/SkillInputs.js"
import { type SkillCall, SkillFailed } from "../module/SkillRunner.js"
import { isUuid } from "../platform/Crypto.js"
import { ChatService } from "./ChatService.js"

/** A chat failure as a step's error: the message the API would give. */
const asStepFailure = (error: { readonly message: string }) => new SkillFailed({ message: error.message })

/** The conversation a step names (its id, placeholders filled in). */
const conversationOf = (call: SkillCall) => {
  const id = String(call.input.channelId).toLowerCase()
  return isUuid(id)
    ? Effect.succeed(id)
    : Effect.fail(new SkillFailed({ message: "channelId must be a conversation id (a uuid)." }))
}

/** Live Chat's skills for automation steps; `channelId` names the conversation. */
export const chatSkills: ReadonlyArray<Skill<ChatService>> = [
  builtInSkill({
    id: "chat.post_message",
    requires: ["chat"],
    input: { channelId: Text(200), content: Text(10_000) },
    description: "Posts a Live Chat message.",
    messageChannel: "chat",
    run: (call) =>
      Effect.flatMap(Effect.zip(ChatService, conversationOf(call)), ([chat, conversationId]) =>
        Effect.mapError(
          chat.postMessage(call.tenantId, conversationId, { type: "system", id: null }, String(call.input.content)),
          asStepFailure
        )
      ).pipe(
        Effect.map((message) => ({
          output: { messageId: message.id, conversationId: message.conversationId, sequence: message.sequence },
          outputText: message.content
        }))
      )
  }),
  builtInSkill({
    id: "chat.assign",
    requires: ["chat"],
    input: { channelId: Text(200), assigneeId: Text(200) },
    description: "Assigns a Live Chat conversation.",
    run: (call) =>
      Effect.flatMap(Effect.zip(ChatService, conversationOf(call)), ([chat, conversationId]) =>
        Effect.mapError(chat.assign(call.tenantId, conversationId, String(call.input.assigneeId)), asStepFailure)
      ).pipe(
        Effect.map((conversation) => ({
          output: { conversationId: conversation.id, assigneeId: conversation.assigneeId },
          outputText: conversation.assigneeId
        }))
      )
  })
]
