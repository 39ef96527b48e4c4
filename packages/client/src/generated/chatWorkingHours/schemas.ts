// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the chatWorkingHours group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface ChatWorkingHoursSchemas {
    /** @description When the team chats. In `timezone` (IANA), on `holidays` (`YYYY-MM-DD`) never, otherwise always when `alwaysOpen`, or within one of the `weekly` opening hours. Outside them, or with no agent online (said so within 2 minutes), the widget shows `awayMessage` (null: "We're away right now. Leave your email address and we'll reply there as soon as we're back.") and asks for the visitor's email; the conversation is still created. An agent's reply to a visitor with an email address who has not had the conversation open for `emailAfterMinutes` goes to them by email. Defaults: always open, UTC, 10 minutes. */
    readonly ChatWorkingHours: {
        readonly timezone: string;
        readonly alwaysOpen: boolean;
        readonly weekly: readonly components["schemas"]["ChatOpeningHours"][];
        readonly holidays: readonly string[];
        readonly awayMessage: string | null;
        readonly emailAfterMinutes: number;
        readonly updatedAt: string | null;
    };
    readonly ChatOpeningHours: {
        /** @enum {string} */
        readonly day: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
        /** @description `HH:MM`, local time */
        readonly opens: string;
        /** @description `HH:MM` after `opens`, up to `24:00` */
        readonly closes: string;
    };
    /** @description The fields to change; a field left out stays, a list given replaces the stored one. */
    readonly ChatWorkingHoursChange: {
        readonly timezone?: string;
        readonly alwaysOpen?: boolean;
        /**
         * maxItems(21)
         * @description an array of at most 21 item(s)
         */
        readonly weekly?: readonly {
            readonly day: string;
            readonly opens: string;
            readonly closes: string;
        }[];
        /**
         * maxItems(100)
         * @description an array of at most 100 item(s)
         */
        readonly holidays?: readonly string[];
        readonly awayMessage?: string | null;
        readonly emailAfterMinutes?: number;
    };
}
