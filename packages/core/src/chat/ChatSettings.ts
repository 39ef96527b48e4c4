import { Config } from "effect"
import { type Deployment, defineSettings, positiveInteger } from "../module/ModuleSettings.js"
import { defaultSettings, defaultWebhookSettings } from "../platform/Settings.js"

/** Live Chat's host options: webhook delivery and the hosted chat's visitor limits. */
export interface ChatOptions {
  /** Seconds between sweeps for webhook deliveries due again; by default 900 in production, 21,600 in staging, 60 in development. */
  readonly webhookDrainSeconds: number
  /** Seconds before a failed webhook delivery's first retry (then doubling, with jitter, up to an hour). */
  readonly webhookRetrySeconds: number
  /** Hours a webhook subscription may fail every attempt before it is turned off (`failing`); 120 (5 days) by default. */
  readonly webhookDisableAfterHours: number
  /** Requests a minute one hosted chat visitor token may make to `/public/chat/*`. */
  readonly visitorRateLimitPerMinute: number
  /** Requests a minute one client address may make to `/public/chat/*`, whatever its tokens. */
  readonly visitorIpRateLimitPerMinute: number
}

/** How often webhook deliveries due again are swept up, by deployment: production often, staging rarely, development at once. */
const WEBHOOK_DRAIN_SECONDS: Readonly<Record<Deployment, number>> = {
  production: 900,
  staging: 21_600,
  development: 60
}

const MINUTE = 60_000

/**
 * SERVICEKIT_WEBHOOK_DRAIN_SECONDS, SERVICEKIT_WEBHOOK_RETRY_SECONDS,
 * SERVICEKIT_WEBHOOK_DISABLE_AFTER_HOURS, SERVICEKIT_VISITOR_RATE_LIMIT,
 * SERVICEKIT_VISITOR_IP_RATE_LIMIT.
 */
export const chatSettings = defineSettings<ChatOptions>({
  environment: (deployment) =>
    Config.all({
      webhookDrainSeconds: Config.number("SERVICEKIT_WEBHOOK_DRAIN_SECONDS").pipe(
        Config.validate({
          message: "must be a number of seconds from 1 to 86400",
          validation: (n) => n >= 1 && n <= 86_400
        }),
        Config.withDefault(WEBHOOK_DRAIN_SECONDS[deployment])
      ),
      webhookRetrySeconds: Config.number("SERVICEKIT_WEBHOOK_RETRY_SECONDS").pipe(
        Config.validate({
          message: "must be a number of seconds from 0.01 to 3600",
          validation: (n) => n >= 0.01 && n <= 3600
        }),
        Config.withDefault(defaultWebhookSettings.retryBaseMs / 1000)
      ),
      webhookDisableAfterHours: Config.number("SERVICEKIT_WEBHOOK_DISABLE_AFTER_HOURS").pipe(
        Config.validate({
          message: "must be a number of hours from 0.0001 to 8760",
          validation: (n) => n >= 0.0001 && n <= 8760
        }),
        Config.withDefault(defaultWebhookSettings.disableAfterMs / 3_600_000)
      ),
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
    webhooks: {
      ...defaultWebhookSettings,
      drainIntervalMs: options.webhookDrainSeconds * 1000,
      retryBaseMs: options.webhookRetrySeconds * 1000,
      disableAfterMs: options.webhookDisableAfterHours * 3_600_000
    },
    visitorRateLimits: {
      perToken: { limit: options.visitorRateLimitPerMinute, windowMs: MINUTE },
      perAddress: { limit: options.visitorIpRateLimitPerMinute, windowMs: MINUTE }
    }
  })
})
