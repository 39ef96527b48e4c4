import { isEmailAddress } from "../../platform/EmailAddress.js"
import type { JsonObject } from "../records/Workflow.js"

/**
 * A channel: where an agent's or a workflow's messages go out (`channel.deliver`, `deliver`
 * steps) and, with an inbound secret, where messages come in (`/channels/{id}/inbound`).
 * - `webhook`: a signed POST to `config_json.url`, signed with the inbound secret (required).
 * - `email`: an email to `config_json.to` through Transactional (Business Email product).
 * - `chat`: a message in the Live Chat conversation `config_json.conversationId` (Live Chat product).
 */
export const CHANNEL_TYPES = ["webhook", "email", "chat"] as const
export type ChannelType = (typeof CHANNEL_TYPES)[number]

export const MIN_INBOUND_SECRET = 16
export const MAX_INBOUND_SECRET = 256
export const MAX_CHANNEL_NAME = 100

export interface Channel {
  readonly id: string
  readonly tenantId: string
  readonly name: string
  readonly type: ChannelType
  /** The type's settings, without the inbound secret. */
  readonly config: JsonObject
  /** The inbound secret sealed by the secret box; null when the channel takes no inbound messages by secret. */
  readonly inboundSecret: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

const text = (value: unknown, max: number) =>
  typeof value === "string" && value.trim() !== "" && value.length <= max && !value.includes("\u0000")

/**
 * The problem with a type's settings (the inbound secret taken out), as a field of `config_json`
 * and a reason, or undefined. A webhook URL's reachability is the outbound client's rule, checked apart.
 */
export const configProblem = (
  type: ChannelType,
  config: JsonObject,
  hasSecret: boolean
): { readonly field: string; readonly reason: string } | undefined => {
  const allowed: Record<ChannelType, ReadonlyArray<string>> = {
    webhook: ["url"],
    email: ["to", "subject"],
    chat: ["conversationId"]
  }
  const extra = Object.keys(config).find((key) => !allowed[type].includes(key))
  if (extra !== undefined) return { field: extra, reason: `is not a setting of a ${type} channel` }
  switch (type) {
    case "webhook":
      if (!text(config.url, 2_048)) return { field: "url", reason: "must be the partner's URL" }
      if (!hasSecret) return { field: "inboundSecret", reason: "is required: it signs what a webhook channel sends" }
      return undefined
    case "email": {
      const to = config.to
      if (
        !Array.isArray(to) ||
        to.length === 0 ||
        to.length > 50 ||
        !to.every((each) => typeof each === "string" && isEmailAddress(each))
      ) {
        return { field: "to", reason: "must list 1 to 50 email addresses" }
      }
      if (config.subject !== undefined && !text(config.subject, 998)) {
        return { field: "subject", reason: "must be 1 to 998 characters" }
      }
      return undefined
    }
    case "chat":
      return text(config.conversationId, 200)
        ? undefined
        : { field: "conversationId", reason: "must name a Live Chat conversation" }
  }
}
