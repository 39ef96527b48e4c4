import { growthAutomationsSuite } from "./growthAutomations.js"

growthAutomationsSuite("the embedded default", () => ({}))
