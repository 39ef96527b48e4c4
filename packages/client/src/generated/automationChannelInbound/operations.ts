// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationChannelInbound group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

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
