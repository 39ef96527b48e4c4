// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automationChannels.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface SharedAutomationSchemasAutomationChannelsSchemas {
    readonly ChannelPage: {
        readonly data: readonly components["schemas"]["Channel"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description Where messages go out (`deliver` steps, `channel.deliver`) and come in (`/channels/{id}/inbound`). `webhook`: a POST of `{ event: "channel.message", channelId, content, runId }` to `config_json.url`, signed like chat webhooks (`X-Service-Signature`: hex HMAC-SHA256 of `<X-Service-Timestamp>.<body>` keyed with the inbound secret). `email`: an email to `config_json.to` (optional `subject`) through Transactional. `chat`: a message in the Live Chat conversation `config_json.conversationId`. */
    readonly Channel: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        /** @enum {string} */
        readonly type: "webhook" | "email" | "chat";
        /** @description The type's settings; the inbound secret is never shown. */
        readonly config_json: {
            readonly [key: string]: unknown;
        };
        readonly hasInboundSecret: boolean;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
}
