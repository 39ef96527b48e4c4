// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / OfflineNode.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsOfflineNodeSchemas {
    readonly OfflineNode: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly platform: string | null;
        readonly version: string | null;
        readonly lastSeenAt: string | null;
        /** @description Since when the paired device is offline: not heard from for SERVICEKIT_NODE_OFFLINE_SECONDS (90 by default; `node.offline` was sent then). Null while it is heard from. */
        readonly offlineSince: string | null;
    };
}
