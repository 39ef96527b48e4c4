/** @servicekit/core/growth — Growth conversations' records, error and service. */
export {
  GROWTH_CONVERSATION_STATUSES,
  type GrowthConversation,
  type GrowthConversationStatus,
  type GrowthMessage,
  type GrowthMessageDraft,
  MESSAGE_DIRECTIONS,
  type MessageDirection
} from "../growth/GrowthConversation.js"
export { GrowthConversationNotFound } from "../growth/GrowthErrors.js"
export {
  type DashboardUser,
  type GrowthConversationListQuery,
  GrowthConversationService,
  type GrowthConversationThread,
  type NewGrowthConversation,
  type NewGrowthMessage
} from "../growth/GrowthConversationService.js"
