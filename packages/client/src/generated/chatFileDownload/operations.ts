// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatFileDownload group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface ChatFileDownloadOperations {
    readonly "chatFileDownload.downloadChatFile": {
        readonly parameters: {
            readonly query: {
                readonly tenant: string;
                /** @description a string to be decoded into a number */
                readonly expires: string;
                readonly signature: string;
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
                    readonly "application/octet-stream": string;
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["FileNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 410: {
                content: {
                    readonly "application/json": components["schemas"]["FileLinkExpiredError"];
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
