// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationNodeClaim group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the automationNodeClaim group's operations use. */
export interface AutomationNodeClaimSchemas {
    readonly ClaimedNode: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        /** @enum {string} */
        readonly status: "pending" | "paired" | "revoked";
        readonly platform: string | null;
        readonly version: string | null;
        /** @description The node skills the device says it can run. */
        readonly capabilities: readonly string[];
        readonly allowSystem: boolean;
        readonly allowBrowser: boolean;
        /** @description Programs `system.run` may start, as `argv[0]` names them. */
        readonly allowedBinaries: readonly string[];
        /** @description Hosts `browser.*` may open: exact names, or `*.domain`. */
        readonly allowedHosts: readonly string[];
        readonly pairingExpiresAt: string | null;
        readonly pairedAt: string | null;
        readonly lastSeenAt: string | null;
        readonly revokedAt: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        /** @description The device's credential for the device routes. Shown only here; stored as a digest. */
        readonly deviceSecret: string;
    };
}

export interface AutomationNodeClaimOperations {
    readonly "automationNodeClaim.claimNode": {
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
                     * maxLength(32)
                     * @description a string at most 32 character(s) long
                     */
                    readonly pairingCode: string;
                    readonly platform?: string;
                    readonly version?: string;
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly capabilities?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ClaimedNode"];
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
export const automationNodeClaimRoutes = {
  /**
   * Claim a pairing code (the device)
   *
   * Answers the node and its `deviceSecret`, once. An unknown, used or expired code is a 401 (`pairing_code_invalid`, `pairing_code_used`, `pairing_code_expired`) whose message tells the device to stop retrying. Claims are rate-limited per client address (by default 20 a minute). The device may report its `platform`, `version` and `capabilities` (node skills it can run; others are ignored).
   */
  "automationNodeClaim.claimNode": ["POST", "/v1/automations/nodes/claim", "400 401 405 413 429 500"]
} as const
