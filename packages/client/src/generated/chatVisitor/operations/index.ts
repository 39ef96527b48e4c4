// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatVisitor group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { ChatVisitorConversationOperations } from "./conversation.js"
import type { ChatVisitorAppearanceOperations } from "./appearance.js"
import type { ChatVisitorPresenceOperations } from "./presence.js"
import type { ChatVisitorEmailOperations } from "./email.js"
import type { ChatVisitorMessagesOperations } from "./messages.js"
import type { ChatVisitorFilesOperations } from "./files.js"
import type { ChatVisitorEventsOperations } from "./events.js"
import type { ChatVisitorTypingOperations } from "./typing.js"
import type { ChatVisitorCsatOperations } from "./csat.js"

export interface ChatVisitorOperations extends ChatVisitorConversationOperations, ChatVisitorAppearanceOperations, ChatVisitorPresenceOperations, ChatVisitorEmailOperations, ChatVisitorMessagesOperations, ChatVisitorFilesOperations, ChatVisitorEventsOperations, ChatVisitorTypingOperations, ChatVisitorCsatOperations {}
