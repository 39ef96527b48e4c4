// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatDashboard group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { ChatDashboardConversationsOperations } from "./conversations.js"
import type { ChatDashboardVisitorsOperations } from "./visitors.js"
import type { ChatDashboardEventsOperations } from "./events.js"

export interface ChatDashboardOperations extends ChatDashboardConversationsOperations, ChatDashboardVisitorsOperations, ChatDashboardEventsOperations {}
