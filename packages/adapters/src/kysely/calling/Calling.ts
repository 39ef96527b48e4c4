import type { CallRepository, CallsInProgress, SipRepository } from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Calls from "./Calls.js"
import * as InProgress from "./CallsInProgress.js"
import * as callsInProgress from "./migrations/calling/0001_calls_in_progress.js"
import * as migration0002 from "./migrations/0002_calling.js"
import * as migration0006 from "./migrations/0006_sip.js"
import * as Sip from "./Sip.js"

/** Call detail records, the calls the softphone relay carries now, and each tenant's SIP setup. */
export const callingStorage: KyselyModuleStorage<CallRepository | SipRepository | CallsInProgress> = {
  dependsOn: [],
  migrations: {
    "0002_calling": migration0002,
    "0006_sip": migration0006,
    "calling/0001_calls_in_progress": callsInProgress
  },
  tenantTables: [{ table: "calls" }, { table: "calls_in_progress" }, { table: "sip_settings" }],
  layer: Layer.mergeAll(Calls.layer, Sip.layer, InProgress.layer)
}
