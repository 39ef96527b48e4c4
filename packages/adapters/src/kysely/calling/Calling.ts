import type { CallRepository } from "@servicekit/core"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Calls from "./Calls.js"
import * as migration0002 from "./migrations/0002_calling.js"

/** Call detail records. */
export const callingStorage: KyselyModuleStorage<CallRepository> = {
  migrations: { "0002_calling": migration0002 },
  layer: Calls.layer
}
