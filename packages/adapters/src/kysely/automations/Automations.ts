import type { ApprovalRepository, FlowRepository, RunRepository, WorkflowRepository } from "@servicekit/core"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Approvals from "./Approvals.js"
import * as Flows from "./Flows.js"
import * as migration0009 from "./migrations/0009_automations.js"
import * as migration0011 from "./migrations/0011_automation_runs.js"
import * as Runs from "./Runs.js"
import * as Workflows from "./Workflows.js"

/** Automation workflows and their flows (the workflows' definitions over time), runs, and the approvals runs wait for. */
export const automationsStorage: KyselyModuleStorage<
  WorkflowRepository | FlowRepository | RunRepository | ApprovalRepository
> = {
  migrations: { "0009_automations": migration0009, "0011_automation_runs": migration0011 },
  layer: Layer.mergeAll(Workflows.layer, Flows.layer, Runs.layer, Approvals.layer)
}
