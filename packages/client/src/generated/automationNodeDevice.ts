// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationNodeDevice group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the automationNodeDevice group's operations use. */
export interface AutomationNodeDeviceSchemas {
    /** @description What the node may do, for the device to enforce as well. */
    readonly NodeHeartbeat: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly capabilities: readonly string[];
        readonly allowSystem: boolean;
        readonly allowBrowser: boolean;
        readonly allowedBinaries: readonly string[];
        readonly allowedHosts: readonly string[];
    };
    readonly NodeCommands: {
        readonly data: readonly components["schemas"]["NodeCommand"][];
    };
    readonly NodeCommand: {
        /** Format: uuid */
        readonly id: string;
        /** @description A node skill: node.ping, node.files_list, node.files_read, node.capture_screen, node.capture_camera, node.capture_audio, system.run, browser.navigate, browser.screenshot, browser.click, browser.type, browser.evaluate, browser.content. */
        readonly command: string;
        /** @description The skill's input without `nodeId`: e.g. `argv` for system.run, `url` for browser.navigate. */
        readonly params: {
            readonly [key: string]: unknown;
        };
        readonly deliveries: number;
        /** Format: date-time */
        readonly expiresAt: string;
        /** Format: date-time */
        readonly createdAt: string;
    };
    readonly NodeCommandResult: {
        /** Format: uuid */
        readonly id: string;
        /** @enum {string} */
        readonly status: "queued" | "delivered" | "succeeded" | "failed" | "expired";
        readonly completedAt: string | null;
    };
    /** @description No command with this id for this node (`node_command_not_found`). */
    readonly NodeCommandNotFoundError: {
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
            readonly code: "node_command_not_found";
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
    /** @description The command has its result already (`command_finished`), or its time ran out and its step failed (`command_expired`): nothing was stored. */
    readonly NodeCommandClosedError: {
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
            readonly code: "command_finished" | "command_expired";
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

export interface AutomationNodeDeviceOperations {
    readonly "automationNodeDevice.nodeHeartbeat": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
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
                    readonly "application/json": components["schemas"]["NodeHeartbeat"];
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
    readonly "automationNodeDevice.nodeCommands": {
        readonly parameters: {
            readonly query?: {
                readonly wait?: number;
            };
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["NodeCommands"];
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
    readonly "automationNodeDevice.nodeCommandResult": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
                readonly commandId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly ok: boolean;
                    readonly output?: string;
                    readonly data?: string;
                    readonly mimeType?: string;
                    readonly error?: {
                        readonly code: string;
                        readonly message: string;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["NodeCommandResult"];
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
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["NodeCommandNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["NodeCommandClosedError"];
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
    readonly "automationNodeDevice.nodeSocket": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
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
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 426: {
                content: {
                    readonly "application/json": components["schemas"]["UpgradeRequiredError"];
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
export const automationNodeDeviceRoutes = {
  /**
   * Heartbeat (the device)
   *
   * Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`). Records that the device is alive (`lastSeenAt`) and what it reports; answers what the node may do, which the device enforces too.
   */
  "automationNodeDevice.nodeHeartbeat": ["POST", "/v1/automations/nodes/{id}/heartbeat", "400 401 405 413 429 500"],
  /**
   * Take the commands due (the device; long poll)
   *
   * Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`). Answers as soon as commands are due, oldest first (at most 20), or an empty list after `wait` seconds (default 25). A command handed out and still unanswered after 60 s is handed out again (`deliveries` counts): a device runs each command id once. A command has 120 s for its result unless its step sets `timeoutSeconds`.
   */
  "automationNodeDevice.nodeCommands": ["GET", "/v1/automations/nodes/{id}/commands", "400 401 405 429 500"],
  /**
   * Post a command's result (the device)
   *
   * Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`). `ok` with `output` (text, at most 262144 characters, no NUL) and `data` (base64, at most 655360 bytes decoded, e.g. a PNG with `mimeType`), or `ok: false` with `error: { code, message }`. Stored once (a second result: 409 `command_finished`; after the command's time: 409 `command_expired`); the run waiting for it goes on.
   */
  "automationNodeDevice.nodeCommandResult": ["POST", "/v1/automations/nodes/{id}/commands/{commandId}/result", "400 401 404 405 409 413 429 500"],
  /**
   * Commands pushed over a WebSocket (the device)
   *
   * The device secret as `?secret=` (for clients that cannot set headers) or `Authorization: Bearer`; a wrong, revoked or other node's secret: 401 before the upgrade. On the native Node and Bun hosts (426 elsewhere). The server sends JSON text messages: `{"type":"settings","node":{...}}` on open and whenever the node's settings change (as a heartbeat answers them), and `{"type":"commands","data":[...]}` as commands fall due, in the long poll's shape; results go to the result route. The device may send `{"type":"ping"}` (answered `{"type":"pong"}`). When the secret stops working (revoked) the socket closes with code 4401. Commands pushed to a socket that closes before their result are queued again at once for the next socket or long poll, and a device runs each command id once. The long poll stays available beside the socket.
   */
  "automationNodeDevice.nodeSocket": ["GET", "/v1/automations/nodes/{id}/ws", "400 401 405 426 429 500", "socket+secret"]
} as const
