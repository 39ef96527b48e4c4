import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { MAX_AGENT_PROFILES } from "./Appearance.js"
import { MAX_CANNED_RESPONSES } from "./CannedResponses.js"
import { MAX_NOTES_PER_CONVERSATION } from "./ConversationNotes.js"

export class ConversationNotFound extends Schema.TaggedError<ConversationNotFound>()(
  "ConversationNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such conversation." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No conversation with this id in this account (`conversation_not_found`)."
  })
) {}

export class ConversationStateConflict extends Schema.TaggedError<ConversationStateConflict>()(
  "ConversationStateConflict",
  {
    code: Schema.Literal("conversation_closed", "conversation_not_finished", "csat_already_submitted"),
    message: Schema.String
  },
  HttpApiSchema.annotations({
    status: 409,
    description:
      "`conversation_closed`: a closed conversation takes no messages until an agent reopens it; `conversation_not_finished`: a rating needs a resolved or closed conversation; `csat_already_submitted`: a conversation is rated once."
  })
) {}

export class WidgetNotFound extends Schema.TaggedError<WidgetNotFound>()(
  "WidgetNotFound",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => "No chat widget has this site key; copy the widget's line again from the console."
    })
  },
  HttpApiSchema.annotations({ status: 404, description: "No widget with this site key (`widget_not_found`)." })
) {}

export class VisitorIdentityRefused extends Schema.TaggedError<VisitorIdentityRefused>()(
  "VisitorIdentityRefused",
  {
    code: Schema.Literal("identity_not_enabled", "identity_hash_invalid", "email_set_by_tenant"),
    message: Schema.String
  },
  HttpApiSchema.annotations({
    status: 403,
    description:
      "`identity_not_enabled`: the tenant has no identity secret, so its widget takes anonymous visitors only; `identity_hash_invalid`: the hash is not the HMAC-SHA256 of this `externalId` under the tenant's identity secret; `email_set_by_tenant`: the visitor's email address is the one the tenant gave, and only the tenant changes it."
  })
) {}

export class AgentProfileNotFound extends Schema.TaggedError<AgentProfileNotFound>()(
  "AgentProfileNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "This agent has no profile in this account." }) },
  HttpApiSchema.annotations({ status: 404, description: "No profile for this agent in this account (`agent_profile_not_found`)." })
) {}

export class AgentProfileLimitReached extends Schema.TaggedError<AgentProfileLimitReached>()(
  "AgentProfileLimitReached",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => `The account keeps ${MAX_AGENT_PROFILES} agents' profiles, the most it may: remove one first.`
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description: `The account keeps ${MAX_AGENT_PROFILES} agents' profiles already, the most it may (\`agent_profile_limit_reached\`).`
  })
) {}

export class NoteLimitReached extends Schema.TaggedError<NoteLimitReached>()(
  "NoteLimitReached",
  {
    message: Schema.optionalWith(Schema.String, {
      default: () => `The conversation keeps ${MAX_NOTES_PER_CONVERSATION} notes, the most it may.`
    })
  },
  HttpApiSchema.annotations({
    status: 409,
    description: `The conversation keeps ${MAX_NOTES_PER_CONVERSATION} notes already, the most it may (\`note_limit_reached\`).`
  })
) {}

export class CannedResponseNotFound extends Schema.TaggedError<CannedResponseNotFound>()(
  "CannedResponseNotFound",
  { message: Schema.optionalWith(Schema.String, { default: () => "No such canned response." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "No canned response with this id in this account (`canned_response_not_found`)."
  })
) {}

export class CannedResponseConflict extends Schema.TaggedError<CannedResponseConflict>()(
  "CannedResponseConflict",
  { code: Schema.Literal("shortcut_taken", "canned_response_limit_reached"), message: Schema.String },
  HttpApiSchema.annotations({
    status: 409,
    description: `\`shortcut_taken\`: another canned response of the account has this shortcut; \`canned_response_limit_reached\`: the account keeps ${MAX_CANNED_RESPONSES} already, the most it may.`
  })
) {}
