// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the chatAppearance group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface ChatAppearanceSchemas {
    /** @description The tenant's chat as it set it (null: the platform's brand, or the default greeting), and `shown`, what its widget and hosted page show visitors. */
    readonly ChatAppearance: {
        readonly displayName: string | null;
        readonly accentColor: string | null;
        readonly greeting: string | null;
        /** @enum {string} */
        readonly launcherPosition: "right" | "left";
        readonly updatedAt: string | null;
        readonly shown: components["schemas"]["ShownChatAppearance"];
    };
    /** @description The fields to change; a field left out stays as it is. */
    readonly ChatAppearanceChange: {
        /** @description 1 to 60 characters, no control characters; null: the platform's name and logo. */
        readonly displayName?: string | null;
        /** @description `#rrggbb`, with a WCAG contrast of at least 4.5:1 with white text on it and as text on the pages' light grey; null: the platform's accent. */
        readonly accentColor?: string | null;
        /** @description Up to 500 characters, line breaks kept; null: "Hi! Ask us anything, we will answer here." */
        readonly greeting?: string | null;
        /** @enum {string} */
        readonly launcherPosition?: "right" | "left";
    };
    readonly ChatAgentProfileList: {
        readonly data: readonly components["schemas"]["ChatAgentProfile"][];
    };
    /** @description The name and initials an agent (a dashboard user, by their token's subject) signs chat replies with. Show them as text, never as HTML. */
    readonly ChatAgentProfile: {
        readonly agentId: string;
        readonly displayName: string;
        readonly initials: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly ChatAgentProfileInput: {
        /** @description 1 to 60 characters, no control characters. */
        readonly displayName: string;
        /** @description 1 to 3 characters without spaces; by default the first letters of the name's first and last words. */
        readonly initials?: string;
    };
    /** @description The account keeps 500 agents' profiles already, the most it may (`agent_profile_limit_reached`). */
    readonly AgentProfileLimitReachedError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "conflict";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "agent_profile_limit_reached";
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
    /** @description No profile for this agent in this account (`agent_profile_not_found`). */
    readonly AgentProfileNotFoundError: {
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
            readonly code: "agent_profile_not_found";
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
