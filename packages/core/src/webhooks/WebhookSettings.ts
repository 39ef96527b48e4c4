import { Config } from "effect"
import { type Deployment, defineSettings } from "../module/ModuleSettings.js"
import { defaultWebhookSettings } from "../platform/Settings.js"

/** The webhooks' host options: how deliveries are swept up, retried and given up on. */
export interface WebhookOptions {
  /** Seconds between sweeps for webhook deliveries due again; by default 900 in production, 21,600 in staging, 60 in development. */
  readonly webhookDrainSeconds: number
  /** Seconds before a failed webhook delivery's first retry (then doubling, with jitter, up to an hour). */
  readonly webhookRetrySeconds: number
  /** Hours a webhook subscription may fail every attempt before it is turned off (`failing`); 120 (5 days) by default. */
  readonly webhookDisableAfterHours: number
  /** Seconds one attempt may take, the receiver's answer included; 10 by default. */
  readonly webhookTimeoutSeconds: number
}

/** How often webhook deliveries due again are swept up, by deployment: production often, staging rarely, development at once. */
const WEBHOOK_DRAIN_SECONDS: Readonly<Record<Deployment, number>> = {
  production: 900,
  staging: 21_600,
  development: 60
}

/**
 * SERVICEKIT_WEBHOOK_DRAIN_SECONDS, SERVICEKIT_WEBHOOK_RETRY_SECONDS, SERVICEKIT_WEBHOOK_DISABLE_AFTER_HOURS,
 * SERVICEKIT_WEBHOOK_TIMEOUT_SECONDS.
 */
export const webhookSettings = defineSettings<WebhookOptions>({
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
      webhookTimeoutSeconds: Config.number("SERVICEKIT_WEBHOOK_TIMEOUT_SECONDS").pipe(
        Config.validate({
          message: "must be a number of seconds from 1 to 60",
          validation: (n) => n >= 1 && n <= 60
        }),
        Config.withDefault(defaultWebhookSettings.timeoutMs / 1000)
      )
    }),
  settings: (options) => ({
    webhooks: {
      ...defaultWebhookSettings,
      drainIntervalMs: options.webhookDrainSeconds * 1000,
      retryBaseMs: options.webhookRetrySeconds * 1000,
      disableAfterMs: options.webhookDisableAfterHours * 3_600_000,
      timeoutMs: options.webhookTimeoutSeconds * 1000
    }
  })
})
