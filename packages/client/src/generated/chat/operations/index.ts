// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chat group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { ChatSessionsOperations } from "./sessions.js"
import type { ChatConversationsListConversationsOperations } from "./conversations/listConversations.js"
import type { ChatConversationsCreateConversationOperations } from "./conversations/createConversation.js"
import type { ChatConversationsListMessagesOperations } from "./conversations/listMessages.js"
import type { ChatConversationsPostMessageOperations } from "./conversations/postMessage.js"
import type { ChatConversationsSetLabelsOperations } from "./conversations/setLabels.js"
import type { ChatConversationsListNotesOperations } from "./conversations/listNotes.js"
import type { ChatConversationsAddNoteOperations } from "./conversations/addNote.js"
import type { ChatVisitorsOperations } from "./visitors.js"

export interface ChatOperations extends ChatSessionsOperations, ChatConversationsListConversationsOperations, ChatConversationsCreateConversationOperations, ChatConversationsListMessagesOperations, ChatConversationsPostMessageOperations, ChatConversationsSetLabelsOperations, ChatConversationsListNotesOperations, ChatConversationsAddNoteOperations, ChatVisitorsOperations {}
