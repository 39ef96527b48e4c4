import { Config } from "effect"
import { defineSettings, positiveInteger } from "../module/ModuleSettings.js"
import { defaultSettings } from "../platform/Settings.js"

/** Live Chat's host options: the hosted chat's visitor limits. */
export interface ChatOptions {
  /** Requests a minute one hosted chat visitor token may make to `/public/chat/*`. */
  readonly visitorRateLimitPerMinute: number
  /** Requests a minute one client address may make to `/public/chat/*`, whatever its tokens. */
  readonly visitorIpRateLimitPerMinute: number
}

const MINUTE = 60_000

/** SERVICEKIT_VISITOR_RATE_LIMIT, SERVICEKIT_VISITOR_IP_RATE_LIMIT. */
export const chatSettings = defineSettings<ChatOptions>({
  environment: () =>
    Config.all({
      visitorRateLimitPerMinute: positiveInteger(
        "SERVICEKIT_VISITOR_RATE_LIMIT",
        defaultSettings.visitorRateLimits.perToken.limit
      ),
      visitorIpRateLimitPerMinute: positiveInteger(
        "SERVICEKIT_VISITOR_IP_RATE_LIMIT",
        defaultSettings.visitorRateLimits.perAddress.limit
      )
    }),
  settings: (options) => ({
    visitorRateLimits: {
      perToken: { limit: options.visitorRateLimitPerMinute, windowMs: MINUTE },
      perAddress: { limit: options.visitorIpRateLimitPerMinute, windowMs: MINUTE }
    }
  })
})
