import { Config, ConfigError, Either } from "effect"
import { defineSettings, positiveInteger } from "../module/ModuleSettings.js"
import { type RateThresholds, defaultMailReputationSettings as defaults } from "../platform/Settings.js"

/** Sending reputation's host options: the platform's thresholds. */
export interface ReputationOptions {
  /** Hard bounces per message sent, warning and pause, in percent: `5,10` by default (as SES). */
  readonly mailBounceRates: RateThresholds
  /** Complaints per message sent, warning and pause, in percent: `0.1,0.5` by default (as SES). */
  readonly mailComplaintRates: RateThresholds
  /** Fewer messages sent in the window are not judged; 200 by default. */
  readonly mailReputationMinSends: number
  /** The rolling window, in days (1 to 90); 7 by default. */
  readonly mailReputationDays: number
}

const percent = (fraction: number) => Math.round(fraction * 1e6) / 1e4

/** `warning,pause` in percent: two numbers above 0 and up to 100, the first below the second. */
const ratePair = (name: string, fallback: RateThresholds): Config.Config<RateThresholds> =>
  Config.string(name).pipe(
    Config.withDefault(`${percent(fallback.warning)},${percent(fallback.pause)}`),
    Config.mapOrFail((text) => {
      const parts = text.split(",").map((part) => Number(part.trim()))
      const [warning, pause] = parts
      return parts.length === 2 &&
        parts.every((n) => Number.isFinite(n) && n > 0 && n <= 100) &&
        warning! < pause!
        ? Either.right({ warning: warning! / 100, pause: pause! / 100 })
        : Either.left(
            ConfigError.InvalidData([name], "must be two percentages above 0 and up to 100, warning then pause, such as 5,10")
          )
    })
  )

/** SERVICEKIT_MAIL_BOUNCE_RATES, SERVICEKIT_MAIL_COMPLAINT_RATES, SERVICEKIT_MAIL_REPUTATION_MIN_SENDS, SERVICEKIT_MAIL_REPUTATION_DAYS. */
export const reputationSettings = defineSettings<ReputationOptions>({
  environment: () =>
    Config.all({
      mailBounceRates: ratePair("SERVICEKIT_MAIL_BOUNCE_RATES", defaults.bounceRate),
      mailComplaintRates: ratePair("SERVICEKIT_MAIL_COMPLAINT_RATES", defaults.complaintRate),
      mailReputationMinSends: positiveInteger("SERVICEKIT_MAIL_REPUTATION_MIN_SENDS", defaults.minimumSends),
      mailReputationDays: positiveInteger("SERVICEKIT_MAIL_REPUTATION_DAYS", defaults.windowDays).pipe(
        Config.validate({ message: "must be at most 90", validation: (n) => n <= 90 })
      )
    }),
  check: ({ mailBounceRates, mailComplaintRates }) =>
    [mailBounceRates, mailComplaintRates].some(({ pause, warning }) => !(warning > 0 && warning < pause && pause <= 1))
      ? "Invalid mail reputation thresholds: each warning rate must be above 0 and below its pause rate, at most 100 %"
      : undefined,
  settings: (options) => ({
    mailReputation: {
      bounceRate: options.mailBounceRates,
      complaintRate: options.mailComplaintRates,
      minimumSends: options.mailReputationMinSends,
      windowDays: options.mailReputationDays
    }
  })
})
