import type { CallRepository, SipRepository } from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Calls from "./Calls.js"
import * as migration0002 from "./migrations/0002_calling.js"
import * as migration0006 from "./migrations/0006_sip.js"
import * as Sip from "./Sip.js"

/** Call detail records and each tenant's SIP setup. */
export const callingStorage: KyselyModuleStorage<CallRepository | SipRepository> = {
  dependsOn: [],
  migrations: { "0002_calling": migration0002, "0006_sip": migration0006 },
  tenantTables: [{ table: "calls" }, { table: "sip_settings" }],
  layer: Layer.merge(Calls.layer, Sip.layer)
}
