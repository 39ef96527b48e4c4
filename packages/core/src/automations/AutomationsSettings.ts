import { Config } from "effect"
import { defineSettings } from "../module/ModuleSettings.js"
import { defaultSettings } from "../platform/Settings.js"
import { MAX_RUNNING_RUNS } from "../platform/Tenants.js"
import { MAX_SECONDS } from "./workflows/WorkflowDefinition.js"

/** Automations' host options. */
export interface AutomationsOptions {
  /** Seconds after its last write before another worker takes over a run whose worker died. */
  readonly runLeaseSeconds: number
  /** The time to live of runs whose workflow sets none (`triggerJson.ttlSeconds`), in seconds; 0 for none. */
  readonly runTtlSeconds: number
  /** How many of a tenant's runs may run at once unless the tenant has its own cap; 0 for no cap. */
  readonly maxRunningRunsPerTenant: number
  /** Seconds a paired companion node may go unheard from before it is offline. */
  readonly nodeOfflineSeconds: number
}

/**
 * SERVICEKIT_RUN_LEASE_SECONDS: the runs' lease; SERVICEKIT_RUN_TTL_SECONDS: their default time to
 * live; SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT: the default cap on a tenant's running runs;
 * SERVICEKIT_NODE_OFFLINE_SECONDS: how long a companion node goes unheard from before it is offline.
 */
export const automationsSettings = defineSettings<AutomationsOptions>({
  environment: () =>
    Config.all({
      runLeaseSeconds: Config.number("SERVICEKIT_RUN_LEASE_SECONDS").pipe(
        Config.validate({ message: "must be a number of seconds from 1 to 3600", validation: (n) => n >= 1 && n <= 3600 }),
        Config.withDefault(defaultSettings.runLeaseMs / 1000)
      ),
      runTtlSeconds: Config.integer("SERVICEKIT_RUN_TTL_SECONDS").pipe(
        Config.validate({
          message: `must be a whole number of seconds from 0 to ${MAX_SECONDS}`,
          validation: (n) => n >= 0 && n <= MAX_SECONDS
        }),
        Config.withDefault(defaultSettings.runTtlSeconds)
      ),
      maxRunningRunsPerTenant: Config.integer("SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT").pipe(
        Config.validate({
          message: `must be a whole number from 0 to ${MAX_RUNNING_RUNS}`,
          validation: (n) => n >= 0 && n <= MAX_RUNNING_RUNS
        }),
        Config.withDefault(defaultSettings.maxRunningRunsPerTenant)
      ),
      nodeOfflineSeconds: Config.number("SERVICEKIT_NODE_OFFLINE_SECONDS").pipe(
        Config.validate({
          message: "must be a number of seconds from 1 to 86400",
          validation: (n) => n >= 1 && n <= 86_400
        }),
        Config.withDefault(defaultSettings.nodeOfflineMs / 1000)
      )
    }),
  settings: ({ maxRunningRunsPerTenant, nodeOfflineSeconds, runLeaseSeconds, runTtlSeconds }) => ({
    runLeaseMs: runLeaseSeconds * 1000,
    runTtlSeconds,
    maxRunningRunsPerTenant,
    nodeOfflineMs: nodeOfflineSeconds * 1000
  })
})
