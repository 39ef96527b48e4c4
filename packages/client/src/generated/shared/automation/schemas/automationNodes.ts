// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automationNodes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface SharedAutomationSchemasAutomationNodesSchemas {
    readonly NodePage: {
        readonly data: readonly components["schemas"]["Node"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description A companion device: `pending` until its pairing code is claimed, then `paired`, `revoked` once cut off. */
    readonly Node: {
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
        /** @description Since when the paired device is offline: not heard from for SERVICEKIT_NODE_OFFLINE_SECONDS (90 by default; `node.offline` was sent then). Null while it is heard from. */
        readonly offlineSince: string | null;
        readonly revokedAt: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly CreatedNode: {
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
        /** @description Since when the paired device is offline: not heard from for SERVICEKIT_NODE_OFFLINE_SECONDS (90 by default; `node.offline` was sent then). Null while it is heard from. */
        readonly offlineSince: string | null;
        readonly revokedAt: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        /** @description 8 characters (no look-alikes; case and dashes ignored), valid 15 minutes, claimable once. Shown only here. */
        readonly pairingCode: string;
    };
}
