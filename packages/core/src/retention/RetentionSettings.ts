import { Config, ConfigError, Either } from "effect"
import { defineSettings } from "../module/ModuleSettings.js"
import { MAX_RETENTION_DAYS, RETENTION_KIND } from "../module/Retention.js"

/** The platform's retention: days per kind of retained data, over each kind's default. */
export interface RetentionOptions {
  /** `kind=days`, or `kind=keep` to keep a kind, comma separated: `webhooks.deliveries=30`. */
  readonly retentionDays: Readonly<Record<string, number | null>>
}

const NAME = "SERVICEKIT_RETENTION_DAYS"

/** `kind=days|keep, …` as a record; undefined when any pair is not one. */
export const parseRetentionDays = (text: string): Readonly<Record<string, number | null>> | undefined => {
  const days: Record<string, number | null> = {}
  for (const pair of text.split(",").map((part) => part.trim()).filter((part) => part !== "")) {
    const [kind, value, ...rest] = pair.split("=").map((part) => part.trim())
    if (kind === undefined || value === undefined || rest.length > 0 || !RETENTION_KIND.test(kind) || Object.hasOwn(days, kind)) return undefined
    if (value === "keep") days[kind] = null
    else if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_RETENTION_DAYS) days[kind] = Number(value)
    else return undefined
  }
  return days
}

/** SERVICEKIT_RETENTION_DAYS. */
export const retentionSettings = defineSettings<RetentionOptions>({
  environment: () =>
    Config.all({
      retentionDays: Config.string(NAME).pipe(
        Config.withDefault(""),
        Config.mapOrFail((text) => {
          const parsed = parseRetentionDays(text)
          return parsed === undefined
            ? Either.left(
                ConfigError.InvalidData(
                  [NAME],
                  `must be kind=days pairs (1 to ${MAX_RETENTION_DAYS} days, or keep), comma separated, each kind once, such as webhooks.deliveries=30`
                )
              )
            : Either.right(parsed)
        })
      )
    }),
  // Given in code, the days follow the variable's rule too.
  check: (options) =>
    parseRetentionDays(
      Object.entries(options.retentionDays)
        .map(([kind, days]) => `${kind}=${days === null ? "keep" : days}`)
        .join(",")
    ) === undefined
      ? `Invalid ${NAME}: each kind is module.data, kept 1 to ${MAX_RETENTION_DAYS} days or null`
      : undefined,
  settings: (options) => ({ retentionDays: options.retentionDays })
})
