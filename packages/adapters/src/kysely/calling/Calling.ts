import type { CallRepository, CallsInProgress, HostedNumbers, SipRepository } from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Calls from "./Calls.js"
import * as InProgress from "./CallsInProgress.js"
import * as Hosted from "./HostedNumbers.js"
import * as callsInProgress from "./migrations/calling/0001_calls_in_progress.js"
import * as hostedSipNumbers from "./migrations/calling/0002_hosted_sip_numbers.js"
import * as callDays from "./migrations/calling/0003_call_days.js"
import * as migration0002 from "./migrations/0002_calling.js"
import * as migration0006 from "./migrations/0006_sip.js"
import * as Sip from "./Sip.js"

/** Call detail records, the calls the softphone relay carries now, each tenant's SIP setup and hosted numbers. */
export const callingStorage: KyselyModuleStorage<CallRepository | SipRepository | CallsInProgress | HostedNumbers> = {
  dependsOn: [],
  migrations: {
    "0002_calling": migration0002,
    "0006_sip": migration0006,
    "calling/0001_calls_in_progress": callsInProgress,
    "calling/0002_hosted_sip_numbers": hostedSipNumbers,
    "calling/0003_call_days": callDays
  },
  tenantTables: [
    { table: "calls" },
    { table: "call_days" },
    { table: "calls_in_progress" },
    { table: "sip_settings" },
    { table: "hosted_sip_numbers" }
  ],
  layer: Layer.mergeAll(Calls.layer, Sip.layer, InProgress.layer, Hosted.layer)
}
