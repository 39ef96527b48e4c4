// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the automationNodeDevice group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

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
