// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the softphone group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the softphone group's operations use. */
export interface SoftphoneSchemas {
    /** @description `sip_not_configured`: register an own trunk or opt into hosted SIP first; `sip_trunk_unresolvable`: the trunk's host name does not resolve; `sip_trunk_address_refused`: the trunk's address is private, loopback or otherwise not public. */
    readonly SoftphoneUnavailableError: {
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
            readonly code: "sip_not_configured" | "sip_trunk_unresolvable" | "sip_trunk_address_refused";
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

export interface SoftphoneOperations {
    readonly "softphone.connectSoftphone": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 101: {
                content?: never;
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
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["SoftphoneUnavailableError"];
                };
            };
            readonly 426: {
                content: {
                    readonly "application/json": components["schemas"]["UpgradeRequiredError"];
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
export const softphoneRoutes = {
  /**
   * Softphone: SIP over WebSocket to the tenant's trunk
   *
   * A WebSocket upgrade offering the `sip` subprotocol (RFC 7118), on the native Node and Bun hosts; 426 elsewhere or without the upgrade. Each message is one SIP message, relayed to the tenant's own trunk (whose Digest challenges the relay answers with the stored password) or to the platform's carrier for hosted SIP. Signalling only: the SDP passes through untouched and media flows between the softphone and the far end. Any dashboard role.
   */
  "softphone.connectSoftphone": ["GET", "/sip/ws", "400 401 403 405 409 426 500", "socket+token"]
} as const
