import { automationsRunsSuite } from "./automationsRuns.js"

automationsRunsSuite({
  storage: "the embedded default, followed by the in-process worker",
  env: () => ({}),
  startWorkers: async (served) => {
    await served.kit.startWorkers()
    return async () => {}
  }
})
