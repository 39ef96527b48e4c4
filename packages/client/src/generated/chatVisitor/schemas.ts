// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the chatVisitor group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface ChatVisitorSchemas {
    /** @description The address replies go to when the visitor is away. */
    readonly VisitorEmail: {
        readonly email: string;
    };
    readonly VisitorChatMessagePage: {
        readonly data: readonly components["schemas"]["VisitorChatMessage"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
}
