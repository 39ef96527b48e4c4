import { tenantSuspensionSuite } from "./tenantSuspension.js"

tenantSuspensionSuite({
  storage: "the embedded default, workers in-process",
  env: () => ({}),
  startWorkers: async (served) => {
    await served.kit.startWorkers()
    return async () => {}
  }
})
