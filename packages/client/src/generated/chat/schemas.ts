// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the chat group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface ChatSchemas {
    /** @description `chatUrl` opens the hosted chat page with `siteKey` and the visitor token as query parameters; give only it to browsers and apps. The token opens this one conversation for 24 hours (`expiresAt`). */
    readonly ChatSession: {
        /** Format: uuid */
        readonly conversationId: string;
        readonly chatUrl: string;
        readonly externalId: string;
        readonly visitorToken: string;
        /** Format: date-time */
        readonly expiresAt: string;
        readonly siteKey: string;
    };
    readonly ConversationPage: {
        readonly data: readonly components["schemas"]["Conversation"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description Upserts the visitor by `externalId`: fields given replace the stored ones, fields left out are kept. `attributes` is replaced whole. */
    readonly VisitorInput: {
        readonly externalId: string;
        readonly displayName?: string;
        readonly email?: string;
        /** @description Any JSON object, at most 16384 characters as JSON. */
        readonly attributes?: {
            readonly [key: string]: unknown;
        };
    };
}
