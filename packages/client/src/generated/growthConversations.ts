// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the growthConversations group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the growthConversations group's operations use. */
export interface GrowthConversationsSchemas {
    readonly GrowthConversationPage: {
        readonly data: readonly components["schemas"]["GrowthConversation"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description An email thread of the tenant's team with one contact. `messageCount` is the `sequence` of its last message; `createdBy` the dashboard user who started it. */
    readonly GrowthConversation: {
        /** Format: uuid */
        readonly id: string;
        readonly contact: {
            readonly email: string;
            readonly name: string | null;
        };
        readonly subject: string;
        /** @enum {string} */
        readonly status: "open" | "closed";
        readonly messageCount: number;
        /** Format: date-time */
        readonly lastMessageAt: string;
        readonly createdBy: string;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    /** @description The conversation with its latest 200 messages at most, oldest first: when `messageCount` is larger, the earlier ones are left out. */
    readonly GrowthConversationThread: {
        /** Format: uuid */
        readonly id: string;
        readonly contact: {
            readonly email: string;
            readonly name: string | null;
        };
        readonly subject: string;
        /** @enum {string} */
        readonly status: "open" | "closed";
        readonly messageCount: number;
        /** Format: date-time */
        readonly lastMessageAt: string;
        readonly createdBy: string;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        readonly messages: readonly components["schemas"]["GrowthMessage"][];
    };
    /** @description `sequence` numbers a conversation's messages 1, 2, 3... in the order they were stored. `authorId` is the dashboard user who wrote an outbound message (null for the contact's). `emailMessageId` is the Transactional message that carried an outbound one: its delivery attempts are in `GET /growth/transactional/logs?source=growth_conversations_v1` with that `metadata.messageId`. Content is plain text: show it as text, never as HTML. */
    readonly GrowthMessage: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly conversationId: string;
        readonly sequence: number;
        /** @enum {string} */
        readonly direction: "outbound" | "inbound";
        readonly content: string;
        readonly authorId: string | null;
        readonly emailMessageId: string | null;
        /** Format: date-time */
        readonly createdAt: string;
    };
    /** @description No growth conversation with this id in this account (`growth_conversation_not_found`). */
    readonly GrowthConversationNotFoundError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "not_found";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "growth_conversation_not_found";
            /** @description A sentence for people; may change. */
            readonly message: string;
            /** @description Equals the `X-Request-ID` header. */
            readonly requestId: string;
            /** @description For validation failures: one entry per field, at most 20. */
            readonly details?: readonly {
                readonly field: string;
                readonly reason: string;
            }[];
        };
    };
}

export interface GrowthConversationsOperations {
    readonly "growthConversations.listGrowthConversations": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly status?: "open" | "closed";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationPage"];
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
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "growthConversations.createGrowthConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly contact: {
                        readonly email: string;
                        readonly name?: string | null;
                    };
                    readonly subject: string;
                    readonly content: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationThread"];
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
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "growthConversations.getGrowthConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationThread"];
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
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "growthConversations.updateGrowthConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @enum {string} */
                    readonly status: "open" | "closed";
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversation"];
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
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "growthConversations.addGrowthMessage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly content: string;
                    /**
                     * @description `outbound` (the default): emailed to the contact as `Re: <subject>`. `inbound`: the contact's reply, received elsewhere, recorded and not emailed.
                     * @enum {string}
                     */
                    readonly direction?: "outbound" | "inbound";
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthMessage"];
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
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"] | components["schemas"]["GrowthConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
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
export const growthConversationsRoutes = {
  /**
   * List conversations
   *
   * Newest activity (last message) first, optionally one `status` only. A conversation that gets a message while pages are read moves to the front.
   */
  "growthConversations.listGrowthConversations": ["GET", "/growth/conversations", "400 401 403 405 500", "page"],
  /**
   * Start a conversation
   *
   * Stores the conversation and its first message and queues the email to the contact, together. Needs the `business_email` entitlement (403 `product_not_entitled`, nothing stored).
   */
  "growthConversations.createGrowthConversation": ["POST", "/growth/conversations", "400 401 403 404 405 413 500"],
  /** Get a conversation with its messages */
  "growthConversations.getGrowthConversation": ["GET", "/growth/conversations/{id}", "400 401 403 404 405 500"],
  /** Open or close a conversation */
  "growthConversations.updateGrowthConversation": ["PATCH", "/growth/conversations/{id}", "400 401 403 404 405 413 500"],
  /**
   * Reply, or record the contact's reply
   *
   * A reply is emailed to the contact and needs the `business_email` entitlement (403 `product_not_entitled`, nothing stored); recording an inbound message sends nothing. Either reopens a closed conversation.
   */
  "growthConversations.addGrowthMessage": ["POST", "/growth/conversations/{id}/messages", "400 401 403 404 405 413 500"]
} as const
