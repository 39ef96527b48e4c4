import { Effect, Layer, Option } from "effect"
import { JobQueue } from "../jobs/JobQueue.js"
import { assignmentQueue, wakeAssignment } from "./Assignment.js"
import { AvailabilityService } from "./Availability.js"
import { EmailPipeline } from "../module/EmailPipeline.js"
import { ReplyEmailService, lookAt, replyEmailQueue, wakeReplyEmails } from "./ReplyByEmail.js"
import { assignmentDashboardHandlers, assignmentHandlers } from "./AssignmentHandlers.js"
import { AssignmentService } from "./AssignmentService.js"
import { groups } from "../http/Implement.js"
import { AgentPresenceRepository } from "./AgentPresence.js"
import { AgentProfileRepository } from "./AgentProfiles.js"
import { presenceDashboardHandlers, presenceHandlers } from "./PresenceHandlers.js"
import { PresenceService } from "./PresenceService.js"
import { CannedResponseRepository } from "./CannedResponses.js"
import { CannedResponseService } from "./CannedResponseService.js"
import { cannedResponsesDashboardHandlers, cannedResponsesHandlers } from "./CannedResponsesHandlers.js"
import { defineModule } from "../module/ProductModule.js"
import { chatAppearanceHandlers } from "./ChatAppearanceHandlers.js"
import { ChatFileLinks } from "./ChatFileLinks.js"
import { ChatFileRepository } from "./ChatFiles.js"
import { ChatFileService } from "./ChatFileService.js"
import { chatFileDownloadHandlers, chatFilesDashboardHandlers, chatFilesHandlers } from "./ChatFilesHandlers.js"
import { chatEvents } from "./ChatEvents.js"
import { chatSettings } from "./ChatSettings.js"
import { chatDashboardHandlers, chatHandlers } from "./ChatHandlers.js"
import { chatPageHandlers, chatVisitorHandlers, chatWidgetHandlers } from "./ChatVisitorHandlers.js"
import { ChatMessageRepository, ConversationRepository, VisitorRepository, VisitorTokenRepository } from "./ChatRepositories.js"
import { WidgetRepository } from "./WidgetRepository.js"
import { chatServiceLayer } from "./ChatServiceLayer.js"
import { chatSkills } from "./ChatSkills.js"
import { ConversationHubs } from "./ConversationFeed.js"
import { ConversationNoteRepository } from "./ConversationNotes.js"
import { ConversationReadRepository } from "./ConversationReads.js"
import { pruneConversations } from "./ConversationRetention.js"
import { InboxHubs } from "./InboxFeed.js"
import { layerVisitorAuth } from "./VisitorAuth.js"
import { VisitorSeenRepository } from "./VisitorSeen.js"
import { workingHoursHandlers } from "./WorkingHoursHandlers.js"

/** Live Chat: visitors, hosted chat sessions, conversations and messages, and the events they send to webhooks. */
export const chat = defineModule({
  name: "chat",
  products: [
    {
      name: "chat",
      keys: {
        scopes: ["chat:read", "chat:write", "visitors:read"],
        // The public API's Live Chat keys carry no product segment: svk_live_…, svk_test_live_….
        head: { live: "live", test: "test_live" }
      },
      events: chatEvents
    }
  ],
  settings: chatSettings,
  groups: groups(
    chatHandlers,
    chatDashboardHandlers,
    chatAppearanceHandlers,
    cannedResponsesHandlers,
    cannedResponsesDashboardHandlers,
    presenceHandlers,
    presenceDashboardHandlers,
    chatPageHandlers,
    chatVisitorHandlers,
    chatWidgetHandlers,
    chatFilesHandlers,
    chatFilesDashboardHandlers,
    chatFileDownloadHandlers,
    assignmentHandlers,
    assignmentDashboardHandlers,
    workingHoursHandlers
  ),
  services: Layer.mergeAll(
    AssignmentService.layer.pipe(Layer.provideMerge(Layer.merge(chatServiceLayer, PresenceService.layer))),
    CannedResponseService.layer,
    AvailabilityService.layer,
    ReplyEmailService.layer,
    ConversationHubs.layer,
    InboxHubs.layer
  ).pipe(Layer.provideMerge(Layer.merge(ChatFileService.layer, ChatFileLinks.layer))),
  memory: Layer.mergeAll(
    WidgetRepository.layerMemory,
    ChatMessageRepository.layerMemory.pipe(
      Layer.provideMerge(ConversationRepository.layerMemory),
      Layer.provideMerge(VisitorRepository.layerMemory)
    ),
    ConversationReadRepository.layerMemory,
    VisitorTokenRepository.layerMemory,
    AgentProfileRepository.layerMemory,
    ConversationNoteRepository.layerMemory,
    CannedResponseRepository.layerMemory,
    AgentPresenceRepository.layerMemory,
    ChatFileRepository.layerMemory,
    VisitorSeenRepository.layerMemory
  ),
  middleware: layerVisitorAuth,
  // A new conversation asks for an assignment pass (off the request that opened it); other changes
  // ask themselves. A reply asks whether its visitor should have it by email.
  subscribers: [
    {
      name: "chat.assignment",
      types: ["conversation.created"],
      handle: (events) =>
        Effect.flatMap(Effect.zip(JobQueue, WidgetRepository), ([jobs, widgets]) =>
          Effect.forEach(new Set(events.map((event) => event.tenantId)), wakeAssignment(jobs, widgets), { discard: true })
        )
    },
    { name: "chat.reply-email", types: ["message.created"], handle: (events) => Effect.flatMap(JobQueue, (jobs) => wakeReplyEmails(jobs)(events)) }
  ],
  workers: [
    {
      queue: assignmentQueue,
      concurrency: 4,
      handle: (job) => Effect.flatMap(AssignmentService, (assignment) => assignment.pass(String(job.payload.tenantId)))
    },
    {
      queue: replyEmailQueue,
      concurrency: 2,
      // Sent through Transactional's pipeline where the kit has it; without it, replies stay in the chat.
      handle: (job) =>
        Effect.gen(function* () {
          const [tenantId, conversationId] = [String(job.payload.tenantId), String(job.payload.conversationId)]
          const replies = yield* ReplyEmailService
          const again = yield* replies.look(tenantId, conversationId, yield* Effect.serviceOption(EmailPipeline))
          if (Option.isSome(again)) yield* lookAt(yield* JobQueue, tenantId, conversationId, again.value)
        })
    }
  ],
  // Kept until the platform or the tenant sets a period: a team's history is theirs to keep.
  retention: [
    {
      kind: "chat.conversations",
      product: "chat",
      description:
        "Conversations with no activity (a message or a change) for the period, with their messages, notes, files, reads and visitor tokens",
      defaultDays: null,
      prune: pruneConversations
    },
    // An expired token only ever gets a 401: kept a week, for a support question about a visitor's session.
    {
      kind: "chat.visitor_tokens",
      product: "chat",
      description: "The chat session tokens visitors were given, from when they expired",
      defaultDays: 7,
      prune: (before, limit, tenantId) =>
        Effect.flatMap(VisitorTokenRepository, (tokens) => tokens.pruneExpired(before, limit, tenantId))
    }
  ],
  skills: chatSkills,
  development: {
    product: "chat",
    scopes: ["chat:read", "chat:write", "visitors:read", "webhooks:manage"],
    // The API's key format gives Live Chat keys no product segment: `live` there is not the environment.
    keyNote: "`live` here is not the environment: Live Chat keys read svk_live_… when live, svk_test_live_… in test mode",
    tryIt: (baseUrl, key) =>
      `curl -H "Authorization: Bearer ${key}" -H "content-type: application/json" -d '{"externalId":"visitor-1","displayName":"Ada"}' ${baseUrl}/v1/chat/sessions`
  }
})
