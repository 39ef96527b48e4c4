// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the automationSkills group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface AutomationSkillsSchemas {
    readonly SkillSdk: {
        readonly skills: readonly {
            readonly id: string;
            readonly description: string;
            readonly requires: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
            readonly approval: boolean;
            readonly inputSchema: unknown;
        }[];
        /** @description The pack format as JSON Schema. */
        readonly packFormat: unknown;
        readonly variables: readonly string[];
        readonly limits: {
            readonly [key: string]: number;
        };
    };
    /** @description A published version is immutable (`pack_version_exists`); the same content again is accepted. */
    readonly PackVersionExistsError: {
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
            readonly code: "pack_version_exists";
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
