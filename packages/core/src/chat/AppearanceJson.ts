import { Schema } from "effect"
import { Timestamp } from "../http/Schemas.js"
import {
  type AgentProfile,
  DEFAULT_GREETING,
  DISPLAY_NAME_MAX_LENGTH,
  LAUNCHER_POSITIONS,
  MAX_GREETING_LENGTH,
  MAX_INITIALS_LENGTH
} from "./Appearance.js"
import type { DescribedAppearance } from "./ChatService.js"

/** The public shapes of the chat's appearance and its agents' profiles. */

const LauncherPositionJson = Schema.Literal(...LAUNCHER_POSITIONS)

export const ShownAppearanceJson = Schema.Struct({
  displayName: Schema.String,
  logoUrl: Schema.NullOr(Schema.String),
  accentColor: Schema.String,
  greeting: Schema.String,
  launcherPosition: LauncherPositionJson
}).annotations({
  identifier: "ShownChatAppearance",
  description:
    "How the chat looks to visitors: the tenant's appearance, the platform's brand where it sets nothing. `logoUrl` is the platform's logo, given only with the platform's name. Show every text as text, never as HTML."
})

export const ChatAppearanceJson = Schema.Struct({
  displayName: Schema.NullOr(Schema.String),
  accentColor: Schema.NullOr(Schema.String),
  greeting: Schema.NullOr(Schema.String),
  launcherPosition: LauncherPositionJson,
  updatedAt: Schema.NullOr(Timestamp),
  shown: ShownAppearanceJson
}).annotations({
  identifier: "ChatAppearance",
  description:
    "The tenant's chat as it set it (null: the platform's brand, or the default greeting), and `shown`, what its widget and hosted page show visitors."
})

const nullable = <A, I>(schema: Schema.Schema<A, I>) => Schema.optional(Schema.NullOr(schema))

export const AppearanceChangeJson = Schema.Struct({
  displayName: nullable(Schema.String).annotations({
    description: `1 to ${DISPLAY_NAME_MAX_LENGTH} characters, no control characters; null: the platform's name and logo.`
  }),
  accentColor: nullable(Schema.String).annotations({
    description:
      "`#rrggbb`, with a WCAG contrast of at least 4.5:1 with white text on it and as text on the pages' light grey; null: the platform's accent."
  }),
  greeting: nullable(Schema.String).annotations({
    description: `Up to ${MAX_GREETING_LENGTH} characters, line breaks kept; null: "${DEFAULT_GREETING}"`
  }),
  launcherPosition: Schema.optional(LauncherPositionJson)
}).annotations({
  identifier: "ChatAppearanceChange",
  description: "The fields to change; a field left out stays as it is."
})

export const AgentProfileJson = Schema.Struct({
  agentId: Schema.String,
  displayName: Schema.String,
  initials: Schema.String,
  updatedAt: Timestamp
}).annotations({
  identifier: "ChatAgentProfile",
  description:
    "The name and initials an agent (a dashboard user, by their token's subject) signs chat replies with. Show them as text, never as HTML."
})

export const AgentProfileInputJson = Schema.Struct({
  displayName: Schema.String.annotations({
    description: `1 to ${DISPLAY_NAME_MAX_LENGTH} characters, no control characters.`
  }),
  initials: Schema.optional(Schema.String).annotations({
    description: `1 to ${MAX_INITIALS_LENGTH} characters without spaces; by default the first letters of the name's first and last words.`
  })
}).annotations({ identifier: "ChatAgentProfileInput" })

export const AgentProfileListJson = Schema.Struct({ data: Schema.Array(AgentProfileJson) }).annotations({
  identifier: "ChatAgentProfileList"
})

export const chatAppearanceJson = ({ appearance, shown }: DescribedAppearance): typeof ChatAppearanceJson.Type => ({
  ...appearance,
  shown
})

export const agentProfileJson = (profile: AgentProfile): typeof AgentProfileJson.Type => ({
  agentId: profile.agentId,
  displayName: profile.displayName,
  initials: profile.initials,
  updatedAt: profile.updatedAt
})
