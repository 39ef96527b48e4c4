import { Config } from "effect"
import { defineSettings, positiveInteger } from "../module/ModuleSettings.js"
import { defaultSettings } from "../platform/Settings.js"

/** Live Chat's host options: the hosted chat's and the widget's visitor limits. */
export interface ChatOptions {
  /** Requests a minute one hosted chat visitor token may make to `/public/chat/*`. */
  readonly visitorRateLimitPerMinute: number
  /** Requests a minute one client address may make to `/public/chat/*`, whatever its tokens. */
  readonly visitorIpRateLimitPerMinute: number
  /** Conversations an hour one client address may open through the chat widget. */
  readonly widgetStartsPerHour: number
}

const MINUTE = 60_000
const HOUR = 3_600_000

/** SERVICEKIT_VISITOR_RATE_LIMIT, SERVICEKIT_VISITOR_IP_RATE_LIMIT, SERVICEKIT_WIDGET_START_RATE_LIMIT. */
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
      ),
      widgetStartsPerHour: positiveInteger(
        "SERVICEKIT_WIDGET_START_RATE_LIMIT",
        defaultSettings.visitorRateLimits.startsPerAddress.limit
      )
    }),
  settings: (options) => ({
    visitorRateLimits: {
      perToken: { limit: options.visitorRateLimitPerMinute, windowMs: MINUTE },
      perAddress: { limit: options.visitorIpRateLimitPerMinute, windowMs: MINUTE },
      startsPerAddress: { limit: options.widgetStartsPerHour, windowMs: HOUR }
    }
  })
})
