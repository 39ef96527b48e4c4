// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the mailDomains group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface MailDomainsSchemas {
    readonly MailDomainRecord: {
        /**
         * @description dkim: the key the kit signs with (required); spf and dmarc: recommended by mailbox providers; return_path: the subdomain bounces come back to (a CNAME to the platform's bounce domain, when it has one): once published, the domain's mail carries a Return-Path there, aligned with its From for DMARC.
         * @enum {string}
         */
        readonly purpose: "dkim" | "spf" | "dmarc" | "return_path";
        /** @enum {string} */
        readonly type: "TXT" | "CNAME";
        /** @description Where to publish it (the full name). */
        readonly name: string;
        /** @description What to publish, exactly. */
        readonly value: string;
        readonly required: boolean;
        /**
         * @description What the last check found: unchecked before the first, missing (no such record), wrong (another value).
         * @enum {string}
         */
        readonly status: "unchecked" | "ok" | "missing" | "wrong";
        /** @description The records found at the name that bear on it. */
        readonly found: readonly string[];
    };
    readonly MailDomain: {
        /** Format: uuid */
        readonly id: string;
        readonly domain: string;
        /**
         * @description pending: its DKIM record is not published yet; verified: it is, and mail from the domain is signed; failed: the record is wrong, or went away (`failure` says which).
         * @enum {string}
         */
        readonly status: "pending" | "verified" | "failed";
        readonly failure: string | null;
        readonly dkimSelector: string;
        readonly records: readonly components["schemas"]["MailDomainRecord"][];
        readonly checkedAt: string | null;
        readonly verifiedAt: string | null;
        /** Format: date-time */
        readonly createdAt: string;
    };
    /** @description `mail_domain_exists`: the account has this domain already; `mail_domain_limit`: it has as many as it may. */
    readonly MailDomainConflictError: {
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
            readonly code: "mail_domain_exists" | "mail_domain_limit";
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
    /** @description No sending domain with this id in this account (`mail_domain_not_found`). */
    readonly MailDomainNotFoundError: {
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
            readonly code: "mail_domain_not_found";
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
    /** @description The DNS resolvers did not answer (`dns_lookup_unavailable`); the domain is unchanged. Try again. */
    readonly DnsLookupUnavailableError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "unavailable";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "dns_lookup_unavailable";
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
