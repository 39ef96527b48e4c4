// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chat group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { ChatSessionsOperations } from "./sessions.js"
import type { ChatConversationsOperations } from "./conversations.js"
import type { ChatVisitorsOperations } from "./visitors.js"

export interface ChatOperations extends ChatSessionsOperations, ChatConversationsOperations, ChatVisitorsOperations {}
