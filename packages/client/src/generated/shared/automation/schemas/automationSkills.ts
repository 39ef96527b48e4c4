// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automationSkills.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface SharedAutomationSchemasAutomationSkillsSchemas {
    readonly SkillPackPage: {
        readonly data: readonly components["schemas"]["SkillPack"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly SkillPack: {
        readonly packId: string;
        /** @description The latest version. */
        readonly version: string;
        /** @description Every version, newest first. */
        readonly versions: readonly string[];
        readonly name: string;
        readonly description: string | null;
        /** @enum {string} */
        readonly source: "builtin" | "account";
        /** @description SHA-256 of the latest version's content (canonical JSON). */
        readonly digest: string;
        readonly skills: readonly string[];
        /** @description Products its skills need besides automations. */
        readonly requires: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
        /** @description Its skills that wait for an approval by default (a tool profile may change that). */
        readonly approvals: readonly string[];
        /** @description Each parameter's schema, by name. */
        readonly parameters: {
            readonly [key: string]: unknown;
        };
        readonly templates: readonly {
            readonly key: string;
            readonly name: string;
            readonly triggerType: string;
        }[];
        readonly publishedAt: string | null;
        /** @description The account's installation, pinned to a version's content digest; null when none. */
        readonly installed: {
            readonly version: string;
            readonly digest: string;
            /** Format: date-time */
            readonly installedAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        } | null;
    };
}
