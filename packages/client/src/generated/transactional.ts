// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the transactional group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the transactional group's operations use. */
export interface TransactionalSchemas {
    /** @description One message per recipient, queued for delivery; `test` when a test-mode key sent it (delivered to the development mailbox only). */
    readonly TransactionalSendResult: {
        readonly test: boolean;
        readonly messages: readonly {
            readonly id: string;
            readonly to: string;
            /** @enum {string} */
            readonly status: "queued";
        }[];
    };
    /** @description A request with the same Idempotency-Key is still running (`idempotency_in_progress`). */
    readonly IdempotencyInProgressError: {
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
            readonly code: "idempotency_in_progress";
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
    /** @description The Idempotency-Key was used with another body (`idempotency_key_reused`). */
    readonly IdempotencyKeyReusedError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "invalid_request";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "idempotency_key_reused";
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

export interface TransactionalOperations {
    readonly "transactional.listTemplates": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplatePage"];
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
    readonly "transactional.createTemplate": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    readonly channel?: string;
                    readonly bodyJson: components["schemas"]["TemplateBody"];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplate"];
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
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNameTakenError"];
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
    readonly "transactional.getTemplate": {
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
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplate"];
                };
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
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
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
    readonly "transactional.deleteTemplate": {
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
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplate"];
                };
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
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
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
    readonly "transactional.updateTemplate": {
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
                    readonly name?: string;
                    readonly channel?: string;
                    readonly bodyJson?: {
                        readonly subject?: string;
                        readonly html?: string;
                        readonly text?: string;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplate"];
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
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNameTakenError"];
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
    readonly "transactional.renderTemplate": {
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
                    readonly variables?: {
                        readonly [key: string]: unknown;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["RenderedTemplate"];
                };
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
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
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
    readonly "transactional.sendMessage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: {
                /** @description Per account, kept 24 hours: the same key with the same body answers the first response again; with another body 422; while the first is still running 409. */
                readonly "idempotency-key"?: string;
            };
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** Format: uuid */
                    readonly templateId?: string;
                    readonly to: readonly string[];
                    readonly variables?: {
                        readonly [key: string]: unknown;
                    };
                    readonly subject?: string;
                    readonly html?: string;
                    readonly text?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalSendResult"];
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
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["IdempotencyInProgressError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 422: {
                content: {
                    readonly "application/json": components["schemas"]["IdempotencyKeyReusedError"];
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
    readonly "transactional.listLogs": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly source?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalLogPage"];
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
}

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const transactionalRoutes = {
  /**
   * List templates
   *
   * Newest first. Default limit 25, maximum 100.
   */
  "transactional.listTemplates": ["GET", "/v1/transactional/templates", "400 401 403 405 429 500", "page"],
  /**
   * Create a template
   *
   * `name` is unique per account; `channel` is `email` (the default and only one). A placeholder that does not parse is refused with its line and column.
   */
  "transactional.createTemplate": ["POST", "/v1/transactional/templates", "400 401 403 405 409 413 429 500"],
  /** Get a template */
  "transactional.getTemplate": ["GET", "/v1/transactional/templates/{id}", "400 401 403 404 405 429 500"],
  /**
   * Update a template
   *
   * Fields left out are kept, each part of `bodyJson` on its own.
   */
  "transactional.updateTemplate": ["PATCH", "/v1/transactional/templates/{id}", "400 401 403 404 405 409 413 429 500"],
  /**
   * Delete a template
   *
   * Answers the deleted template. Messages already accepted are still delivered.
   */
  "transactional.deleteTemplate": ["DELETE", "/v1/transactional/templates/{id}", "400 401 403 404 405 429 500"],
  /**
   * Preview a template
   *
   * Renders the template with `variables` without sending anything.
   */
  "transactional.renderTemplate": ["POST", "/v1/transactional/templates/{id}/render", "400 401 403 404 405 413 429 500"],
  /**
   * Send email
   *
   * Needs the transactional and business_email entitlements. The answer comes once the messages are stored and queued; delivery follows (see the logs). A template placeholder without a variable is refused (400, `details` name each `variables.<name>`). Test-mode keys deliver to the development mailbox only.
   */
  "transactional.sendMessage": ["POST", "/v1/transactional/messages", "400 401 403 404 405 409 413 422 429 500"],
  /**
   * List send attempts
   *
   * Newest first. By default only this API's sends (`metadata.source` = `transactional_v1`); `source=all` the shared activity ledger.
   */
  "transactional.listLogs": ["GET", "/v1/transactional/logs", "400 401 403 405 429 500", "page"]
} as const
