// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the reputation group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface ReputationSchemas {
    readonly SendingReputation: {
        /**
         * @description good; warning: a rate passed the warning threshold (mail goes on); paused: a rate passed the pause threshold: until the platform resumes it, sends are refused (403 `sending_paused`) and queued mail fails for good instead of leaving.
         * @enum {string}
         */
        readonly status: "good" | "warning" | "paused";
        /** @description The rate that put the account out of good standing; null in good standing. */
        readonly cause: ("bounces" | "complaints") | null;
        /** @description Since when it stands so; null in good standing. */
        readonly since: string | null;
        /** @description Messages the relay took in the window (test mail aside). */
        readonly sent: number;
        /** @description Hard bounces in the window. */
        readonly bounced: number;
        /** @description Spam complaints in the window. */
        readonly complained: number;
        /** @description bounced / sent, as a fraction (0.1 is 10 %); 0 with nothing sent. */
        readonly bounceRate: number;
        /** @description complained / sent, as a fraction. */
        readonly complaintRate: number;
        /** @description The rolling window the counts cover, in days. */
        readonly windowDays: number;
        readonly thresholds: {
            readonly bounceRate: {
                /** @description Past this fraction the account is warned (`sending.warning`). */
                readonly warning: number;
                /** @description Past this fraction its sending is paused (`sending.paused`). */
                readonly pause: number;
            };
            readonly complaintRate: {
                /** @description Past this fraction the account is warned (`sending.warning`). */
                readonly warning: number;
                /** @description Past this fraction its sending is paused (`sending.paused`). */
                readonly pause: number;
            };
            /** @description Fewer messages sent in the window are not judged. */
            readonly minimumSends: number;
        };
    };
}
