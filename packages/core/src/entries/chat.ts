/** @servicekit/core/chat — Live Chat's records, errors and services (its webhooks: @servicekit/core/webhooks). */
export type {
  AuthorType,
  ChatMessage,
  Conversation,
  ConversationStatus,
  Csat,
  LastMessage,
  MessageDraft,
  Priority,
  Visitor,
  VisitorSummary,
  VisitorToken,
  Widget
} from "../chat/Chat.js"
export type {
  AgentProfile,
  AppearanceChange,
  ChatAppearance,
  LauncherPosition,
  ShownAppearance
} from "../chat/Appearance.js"
export type { ConversationNote } from "../chat/ConversationNotes.js"
export type { CannedResponse } from "../chat/CannedResponses.js"
export type { ChatFile, FileRef, FileRules } from "../chat/ChatFiles.js"
export { ChatFileService, type FileRulesPatch } from "../chat/ChatFileService.js"
export { FileLimitReached, FileLinkExpired, FileNotFound, FileTooLarge, FileTypeNotAllowed } from "../chat/ChatFileErrors.js"
export type { AgentPresence, PresenceStatus } from "../chat/AgentPresence.js"
export type { VisitorSeen } from "../chat/VisitorSeen.js"
export type { OpeningHours, Weekday, WorkingHours, WorkingHoursChange } from "../chat/WorkingHours.js"
export type { Availability, AwayReason } from "../chat/Availability.js"
export { PresenceService, type PresentAgent } from "../chat/PresenceService.js"
export { AvailabilityService } from "../chat/Availability.js"
export { CannedResponseService } from "../chat/CannedResponseService.js"
export { ConversationNotFound, ConversationStateConflict } from "../chat/ChatErrors.js"
export { ChatService } from "../chat/ChatService.js"
