// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatVisitor group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the chatVisitor group's operations use. */
export interface ChatVisitorSchemas {
    readonly VisitorConversation: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string | null;
        /** @enum {string} */
        readonly status: "open" | "pending" | "resolved" | "closed";
        readonly csat: {
            readonly rating: number;
            readonly comment: string | null;
            /** Format: date-time */
            readonly submittedAt: string;
        } | null;
    };
    readonly VisitorChatMessagePage: {
        readonly data: readonly components["schemas"]["VisitorChatMessage"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly VisitorChatMessage: {
        /** Format: uuid */
        readonly id: string;
        readonly sequence: number;
        /** @enum {string} */
        readonly authorType: "visitor" | "agent" | "api" | "system";
        readonly content: string;
        /** Format: date-time */
        readonly createdAt: string;
    };
}

export interface ChatVisitorOperations {
    readonly "chatVisitor.getVisitorConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorConversation"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatVisitor.listVisitorMessages": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description A message id: only the messages after it (the previous page's `meta.nextCursor`). */
                readonly after?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorChatMessagePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatVisitor.postVisitorMessage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly content: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorChatMessage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationStateConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatVisitor.followVisitorConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "text/event-stream": string;
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatVisitor.rateConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * between(1, 5)
                     * @description a number between 1 and 5
                     */
                    readonly rating: number;
                    readonly comment?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorConversation"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationStateConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
}

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatVisitorRoutes = {
  /** The visitor's conversation */
  "chatVisitor.getVisitorConversation": ["GET", "/public/chat/conversation", "400 401 405 429 500"],
  /**
   * The conversation's messages
   *
   * Oldest first, by `sequence`. Pass the id of the last message you have as `after` to catch up after a reconnect; `meta.nextCursor` is the `after` of the next page, null at the end. Default limit 25, maximum 100.
   */
  "chatVisitor.listVisitorMessages": ["GET", "/public/chat/messages", "400 401 405 429 500"],
  /**
   * Write as the visitor
   *
   * A message with `authorType` visitor; it reopens a resolved conversation, and a closed one takes none (409 `conversation_closed`). Emits `message.created`.
   */
  "chatVisitor.postVisitorMessage": ["POST", "/public/chat/messages", "400 401 405 409 413 429 500"],
  /**
   * Follow the conversation live
   *
   * Server-sent events: `conversation` (the conversation, first and after each change) and `message` (each message, its id as the event id), until the token expires. Send the id of the last message you have as `Last-Event-ID` to resume after it without a gap or a repeat.
   */
  "chatVisitor.followVisitorConversation": ["GET", "/public/chat/events", "400 401 405 429 500", "events"],
  /**
   * Rate the conversation
   *
   * Once, after the conversation was resolved or closed (409 `conversation_not_finished` before, `csat_already_submitted` after). Emits `csat.submitted`.
   */
  "chatVisitor.rateConversation": ["POST", "/public/chat/csat", "400 401 405 409 413 429 500"]
} as const
