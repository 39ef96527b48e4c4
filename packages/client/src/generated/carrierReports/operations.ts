// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the carrierReports group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface CarrierReportsOperations {
    readonly "carrierReports.twilioCallStatus": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: {
                /** @description Twilio's signature of the request (base64 HMAC-SHA1 with the account's auth token). */
                readonly "x-twilio-signature"?: string;
            };
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/x-www-form-urlencoded": {
                    readonly [key: string]: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CarrierReport"];
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
                    readonly "application/json": components["schemas"]["UnknownCarrierNumberError"] | components["schemas"]["CarrierReportsOffError"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
}
