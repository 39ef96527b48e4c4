// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatDashboard group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { ChatDashboardConversationsListAgentConversationsOperations } from "./conversations/listAgentConversations.js"
import type { ChatDashboardConversationsGetAgentConversationOperations } from "./conversations/getAgentConversation.js"
import type { ChatDashboardConversationsMarkConversationReadOperations } from "./conversations/markConversationRead.js"
import type { ChatDashboardConversationsListAgentMessagesOperations } from "./conversations/listAgentMessages.js"
import type { ChatDashboardConversationsReplyAsAgentOperations } from "./conversations/replyAsAgent.js"
import type { ChatDashboardConversationsSetAgentConversationLabelsOperations } from "./conversations/setAgentConversationLabels.js"
import type { ChatDashboardConversationsListAgentNotesOperations } from "./conversations/listAgentNotes.js"
import type { ChatDashboardConversationsAddAgentNoteOperations } from "./conversations/addAgentNote.js"
import type { ChatDashboardConversationsAgentTypingOperations } from "./conversations/agentTyping.js"
import type { ChatDashboardConversationsAssignConversationOperations } from "./conversations/assignConversation.js"
import type { ChatDashboardConversationsSetConversationStatusOperations } from "./conversations/setConversationStatus.js"
import type { ChatDashboardVisitorsOperations } from "./visitors.js"
import type { ChatDashboardWidgetOperations } from "./widget.js"
import type { ChatDashboardEventsOperations } from "./events.js"

export interface ChatDashboardOperations extends ChatDashboardConversationsListAgentConversationsOperations, ChatDashboardConversationsGetAgentConversationOperations, ChatDashboardConversationsMarkConversationReadOperations, ChatDashboardConversationsListAgentMessagesOperations, ChatDashboardConversationsReplyAsAgentOperations, ChatDashboardConversationsSetAgentConversationLabelsOperations, ChatDashboardConversationsListAgentNotesOperations, ChatDashboardConversationsAddAgentNoteOperations, ChatDashboardConversationsAgentTypingOperations, ChatDashboardConversationsAssignConversationOperations, ChatDashboardConversationsSetConversationStatusOperations, ChatDashboardVisitorsOperations, ChatDashboardWidgetOperations, ChatDashboardEventsOperations {}
