// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the sipDashboard group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface SipDashboardSchemas {
    /** @description The own trunk; its password is never shown. */
    readonly SipTrunk: {
        readonly host: string;
        readonly username: string;
        readonly port: number;
        /** @enum {string} */
        readonly transport: "udp" | "tcp" | "tls";
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly HostedSip: {
        readonly optedIn: boolean;
        readonly optedInAt: string | null;
        readonly platform: {
            readonly ready: boolean;
            readonly domain: string | null;
        };
    };
    /** @description `hosted_sip_active`: opt out of hosted SIP before registering a trunk; `own_trunk_active`: remove the own trunk before opting in; `hosted_sip_not_ready`: the platform offers no hosted SIP yet. */
    readonly SipConflictError: {
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
            readonly code: "hosted_sip_active" | "own_trunk_active" | "hosted_sip_not_ready";
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
    /** @description No own SIP trunk is registered (`sip_trunk_not_found`). */
    readonly SipTrunkNotFoundError: {
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
            readonly code: "sip_trunk_not_found";
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
