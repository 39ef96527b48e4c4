import { contractSuite } from "./contractSuite.js"

contractSuite({
  storage: "the embedded default: PGlite in a temporary data folder, workers in-process",
  env: () => ({})
})
