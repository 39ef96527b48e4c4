// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationSkills group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the automationSkills group's operations use. */
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

export interface AutomationSkillsOperations {
    readonly "automationSkills.listSkillPacks": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                /** @description Words found in the pack's id, name or description. */
                readonly q?: string;
                /** @description Packs whose templates call this skill. */
                readonly skill?: string;
                readonly source?: "builtin" | "account";
                readonly installed?: "true" | "false";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SkillPackPage"];
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
    readonly "automationSkills.installSkillPack": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description a string matching the pattern ^[a-z][a-z0-9-]{0,39}(\.[a-z][a-z0-9-]{0,39}){1,3}$ */
                    readonly packId: string;
                    /** @description a string matching the pattern ^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$ */
                    readonly version?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SkillPack"];
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
                    readonly "application/json": components["schemas"]["PackNotFoundError"];
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
    readonly "automationSkills.createWorkflowFromPack": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description a string matching the pattern ^[a-z][a-z0-9-]{0,39}(\.[a-z][a-z0-9-]{0,39}){1,3}$ */
                readonly packId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(50)
                     * @description a string at most 50 character(s) long
                     */
                    readonly template?: string;
                    readonly name?: string;
                    readonly active?: boolean;
                    readonly parameters?: {
                        readonly [key: string]: unknown;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"];
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
                    readonly "application/json": components["schemas"]["PackNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["PackNotInstalledError"] | components["schemas"]["PackChangedError"];
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
    readonly "automationSkills.getSkillSdk": {
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
                    readonly "application/json": components["schemas"]["SkillSdk"];
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
    readonly "automationSkills.publishSkillPack": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly [key: string]: unknown;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SkillPack"];
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
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["PackVersionExistsError"];
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
export const automationSkillsRoutes = {
  /**
   * List the marketplace's skill packs
   *
   * The platform's packs and the account's own, by pack id. Filters: `q`, `skill`, `source`, `installed`. Default limit 25, maximum 100.
   */
  "automationSkills.listSkillPacks": ["GET", "/v1/automations/skills", "400 401 403 405 429 500", "page"],
  /**
   * Install a skill pack
   *
   * Installs a version (the latest by default), pinned to its content digest. Installing the same version again changes nothing; another version moves the pin.
   */
  "automationSkills.installSkillPack": ["POST", "/v1/automations/skills/install", "400 401 403 404 405 413 429 500"],
  /**
   * Make a workflow from an installed pack
   *
   * Fills the template's `{{params.<name>}}` with `parameters` (400 naming `parameters.<name>` when one is missing, unknown or invalid; defaults fill the rest) and creates an ordinary workflow, checked as any other: 403 `product_not_entitled` when a skill needs a product the account lacks. `template` names one of the pack's templates (needed when it has several); `name` defaults to the template's.
   */
  "automationSkills.createWorkflowFromPack": ["POST", "/v1/automations/skills/{packId}/workflow", "400 401 403 404 405 409 413 429 500"],
  /**
   * The skills a pack may use, and the pack format
   *
   * Every skill a pack may call on this platform, with its input as JSON Schema, the products it needs and whether it waits for an approval by default; the pack format as JSON Schema; the variables a template may use; the limits.
   */
  "automationSkills.getSkillSdk": ["GET", "/v1/automations/skills/sdk", "400 401 403 405 429 500"],
  /**
   * Validate and publish a skill pack
   *
   * A pack is data: workflow templates over the platform's skills and typed parameters, nothing to execute. Checked whole (size, format without unknown keys, parameter schemas, placeholders limited to parameters and run variables, every template as a workflow): a 400 lists each problem with its path. Publishing a version again with the same content changes nothing; with other content it is a 409 `pack_version_exists`.
   */
  "automationSkills.publishSkillPack": ["POST", "/v1/automations/skills/sdk", "400 401 403 405 409 413 429 500"]
} as const
