// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the automationNodeClaim group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

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
        /** @description Since when the paired device is offline: not heard from for SERVICEKIT_NODE_OFFLINE_SECONDS (90 by default; `node.offline` was sent then). Null while it is heard from. */
        readonly offlineSince: string | null;
        readonly revokedAt: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        /** @description The device's credential for the device routes. Shown only here; stored as a digest. */
        readonly deviceSecret: string;
    };
}
