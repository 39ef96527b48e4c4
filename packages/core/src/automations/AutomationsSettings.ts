import { Config } from "effect"
import { defineSettings } from "../module/ModuleSettings.js"
import { defaultSettings } from "../platform/Settings.js"

/** Automations' host options. */
export interface AutomationsOptions {
  /** Seconds after its last write before another worker takes over a run whose worker died. */
  readonly runLeaseSeconds: number
}

/** SERVICEKIT_RUN_LEASE_SECONDS: the runs' lease. */
export const automationsSettings = defineSettings<AutomationsOptions>({
  environment: () =>
    Config.all({
      runLeaseSeconds: Config.number("SERVICEKIT_RUN_LEASE_SECONDS").pipe(
        Config.validate({ message: "must be a number of seconds from 1 to 3600", validation: (n) => n >= 1 && n <= 3600 }),
        Config.withDefault(defaultSettings.runLeaseMs / 1000)
      )
    }),
  settings: ({ runLeaseSeconds }) => ({ runLeaseMs: runLeaseSeconds * 1000 })
})
