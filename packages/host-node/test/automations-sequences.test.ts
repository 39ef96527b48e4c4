import { automationsSequencesSuite } from "./automationsSequences.js"

automationsSequencesSuite("the embedded default", () => ({}))
