// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: transactional.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface SharedTransactionalSchemas {
    readonly TransactionalTemplatePage: {
        readonly data: readonly components["schemas"]["TransactionalTemplate"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly TransactionalTemplate: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        /** @enum {string} */
        readonly channel: "email";
        readonly bodyJson: components["schemas"]["TemplateBody"];
        readonly from: {
            /**
             * maxLength(100)
             * @description a string matching the pattern ^[^\u0000-\u001f\u007f]*$
             */
            readonly name?: string;
            /**
             * maxLength(254)
             * @description a string at most 254 character(s) long
             */
            readonly address: string;
        } | null;
        readonly variables: readonly string[];
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    /** @description `{{var}}` placeholders (dotted paths such as `{{user.firstName}}`) are merged from a send's `variables`. */
    readonly TemplateBody: {
        readonly subject: string;
        readonly html: string;
        readonly text: string;
    };
    /** @description The template rendered with the variables; `missingVariables` lists the placeholders not given (rendered empty here, refused by a send). */
    readonly RenderedTemplate: {
        readonly subject: string;
        readonly html: string;
        readonly text: string;
        readonly missingVariables: readonly string[];
    };
    readonly TransactionalLogPage: {
        readonly data: readonly components["schemas"]["TransactionalLog"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description One delivery attempt. `metadata.source` names the product that sent it; `metadata.messageId`, `attempt`, `test`, and `retrying` when another attempt follows. */
    readonly TransactionalLog: {
        /** Format: uuid */
        readonly id: string;
        /**
         * @description sent: the mail server took it; failed: it refused it, or did not answer (`retrying` when another attempt follows); suppressed: not attempted, the recipient being on the account's suppression list (`error` is the list entry's reason). Reports that come back later about a sent message: delivered, deferred (still being tried by the receiving side), bounced (`metadata.bounce` hard or soft, `error` the remote answer) and complained (marked as spam).
         * @enum {string}
         */
        readonly status: "sent" | "failed" | "suppressed" | "delivered" | "deferred" | "bounced" | "complained";
        readonly recipient: string;
        readonly templateId: string | null;
        readonly templateName: string | null;
        readonly subject: string;
        readonly providerMessageId: string | null;
        readonly error: string | null;
        readonly metadata: {
            readonly [key: string]: unknown;
        };
        /** Format: date-time */
        readonly createdAt: string;
    };
    /** @description Template names are unique per account (`template_name_taken`). */
    readonly TemplateNameTakenError: {
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
            readonly code: "template_name_taken";
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
    /** @description No template with this id in this account (`template_not_found`). */
    readonly TemplateNotFoundError: {
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
            readonly code: "template_not_found";
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
