import { automationsAiSuite, withoutModelSuite } from "./automationsAi.js"

automationsAiSuite("the embedded default", () => ({}))
withoutModelSuite()
