import type { FlowRepository, WorkflowRepository } from "@servicekit/core"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Flows from "./Flows.js"
import * as migration0009 from "./migrations/0009_automations.js"
import * as Workflows from "./Workflows.js"

/** Automation workflows and their flows, the workflows' definitions over time. */
export const automationsStorage: KyselyModuleStorage<WorkflowRepository | FlowRepository> = {
  migrations: { "0009_automations": migration0009 },
  layer: Layer.merge(Workflows.layer, Flows.layer)
}
