// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationChannelInbound group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the automationChannelInbound group's operations use. */
export interface AutomationChannelInboundSchemas {
    readonly ChannelInbound: {
        /** Format: uuid */
        readonly channelId: string;
        readonly runs: readonly components["schemas"]["Run"][];
    };
    /** @description No channel with this id in this account (`channel_not_found`). */
    readonly ChannelNotFoundError: {
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
            readonly code: "channel_not_found";
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

export interface AutomationChannelInboundOperations {
    readonly "automationChannelInbound.channelInbound": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: {
                /** @description The channel's inbound secret, instead of an API key. */
                readonly "x-service-channel-secret"?: string;
            };
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(10000)
                     * @description a string at most 10000 character(s) long
                     */
                    readonly text: string;
                    /**
                     * maxLength(200)
                     * @description a string at most 200 character(s) long
                     */
                    readonly peer?: string;
                    readonly payload?: {
                        readonly [key: string]: unknown;
                    };
                    /**
                     * maxLength(255)
                     * @description a string at most 255 character(s) long
                     */
                    readonly idempotencyKey?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChannelInbound"];
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
                    readonly "application/json": components["schemas"]["ChannelNotFoundError"];
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
export const automationChannelInboundRoutes = {
  /**
   * Post an inbound message to a channel
   *
   * Authenticated by `X-Service-Channel-Secret` (a wrong secret, or a channel without one, is a 401 `invalid_channel_secret` and stores nothing) or by an API key with automations:manage. Starts a run of each active workflow whose trigger is `{ type: "channel", channelId }` of this channel, with `{{context}}` the text (framed as untrusted for models) and `{{payload.*}}` the body's `payload` with `channelId`, `peer` and `text`. An agent step without instructions of its own is routed by `peer:` and `channel:` route keys; a `deliver` step to `{{payload.channelId}}` answers where the message came from. The same `idempotencyKey` starts no second run.
   */
  "automationChannelInbound.channelInbound": ["POST", "/v1/automations/channels/{id}/inbound", "400 401 403 404 405 413 429 500"]
} as const
