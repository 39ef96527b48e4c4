import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Integer, Timestamp, cappedList, withReason, withoutNul } from "../http/Schemas.js"
import { ApiKeyOrDashboardAuth, RequiredScope } from "../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import { PRESENCE_HOLDS_MS } from "./AgentPresence.js"
import { AWAY_REASONS } from "./Availability.js"
import {
  DEFAULT_AWAY_MESSAGE,
  DEFAULT_EMAIL_AFTER_MINUTES,
  MAX_AWAY_MESSAGE_LENGTH,
  MAX_EMAIL_AFTER_MINUTES,
  MAX_HOLIDAYS,
  MAX_OPENING_HOURS,
  WEEKDAYS
} from "./WorkingHours.js"

const OpeningHoursJson = Schema.Struct({
  day: Schema.Literal(...WEEKDAYS),
  opens: Schema.String.annotations({ description: "`HH:MM`, local time" }),
  closes: Schema.String.annotations({ description: "`HH:MM` after `opens`, up to `24:00`" })
}).annotations({ identifier: "ChatOpeningHours" })

export const WorkingHoursJson = Schema.Struct({
  timezone: Schema.String,
  alwaysOpen: Schema.Boolean,
  weekly: Schema.Array(OpeningHoursJson),
  holidays: Schema.Array(Schema.String),
  awayMessage: Schema.NullOr(Schema.String),
  emailAfterMinutes: Integer,
  updatedAt: Schema.NullOr(Timestamp)
}).annotations({
  identifier: "ChatWorkingHours",
  description: `When the team chats. In \`timezone\` (IANA), on \`holidays\` (\`YYYY-MM-DD\`) never, otherwise always when \`alwaysOpen\`, or within one of the \`weekly\` opening hours. Outside them, or with no agent online (said so within ${PRESENCE_HOLDS_MS / 60_000} minutes), the widget shows \`awayMessage\` (null: "${DEFAULT_AWAY_MESSAGE}") and asks for the visitor's email; the conversation is still created. An agent's reply to a visitor with an email address who has not had the conversation open for \`emailAfterMinutes\` goes to them by email. Defaults: always open, UTC, ${DEFAULT_EMAIL_AFTER_MINUTES} minutes.`
})

const OpeningHoursInput = Schema.Struct({
  day: withReason(withoutNul(Schema.String), `must be one of ${WEEKDAYS.join(", ")}`),
  opens: withReason(withoutNul(Schema.String), "must be a time HH:MM"),
  closes: withReason(withoutNul(Schema.String), "must be a time HH:MM")
})

const WorkingHoursChangeJson = Schema.Struct({
  timezone: Schema.optional(withReason(withoutNul(Schema.String), "must be an IANA timezone such as Europe/Berlin")),
  alwaysOpen: Schema.optional(withReason(Schema.Boolean, "must be true or false")),
  weekly: Schema.optional(
    cappedList(OpeningHoursInput, MAX_OPENING_HOURS, "must list opening hours { day, opens, closes }", "opening hours")
  ),
  holidays: Schema.optional(
    cappedList(withReason(withoutNul(Schema.String), "must be a date YYYY-MM-DD"), MAX_HOLIDAYS, "must list dates YYYY-MM-DD", "days")
  ),
  awayMessage: Schema.optional(
    Schema.NullOr(withReason(withoutNul(Schema.String), `must be text of up to ${MAX_AWAY_MESSAGE_LENGTH} characters`))
  ),
  emailAfterMinutes: Schema.optional(withReason(Integer, `must be a whole number from 1 to ${MAX_EMAIL_AFTER_MINUTES}`))
}).annotations({
  identifier: "ChatWorkingHoursChange",
  description: "The fields to change; a field left out stays, a list given replaces the stored one."
})

export const AvailabilityJson = Schema.Struct({
  available: Schema.Boolean,
  reason: Schema.NullOr(Schema.Literal(...AWAY_REASONS)),
  awayMessage: Schema.String
}).annotations({
  identifier: "ChatAvailability",
  description:
    "Whether a visitor can chat now: within the working hours with an agent online. Otherwise `reason` says why (`outside_hours` before `nobody_online`) and the widget shows `awayMessage` (as text) with a field for the visitor's email; they may still write."
})

/** The working hours: read by any key with chat:read or any of the tenant's agents, changed with chat:write or by an admin. */
export class WorkingHoursApi extends HttpApiGroup.make("chatWorkingHours")
  .add(
    HttpApiEndpoint.get("getWorkingHours", "/chat/working-hours")
      .addSuccess(WorkingHoursJson)
      .annotate(OpenApi.Summary, "The working hours")
  )
  .add(
    HttpApiEndpoint.patch("setWorkingHours", "/chat/working-hours")
      .setPayload(WorkingHoursChangeJson)
      .addSuccess(WorkingHoursJson)
      .addError(ValidationFailed)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Change the working hours")
      .annotate(OpenApi.Description, "The fields given change; a dashboard token needs a tenant admin.")
  )
  .addError(PermissionDenied)
  .middleware(ApiKeyOrDashboardAuth)
  .annotate(RequiredScope, "chat:read")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Live Chat working hours")
  .annotate(
    OpenApi.Description,
    "Timezone, weekly hours, holidays, the away message and when replies go by email (API key with chat:read, chat:write, or a dashboard token; changes need a tenant admin)."
  ) {}
