import { automationsNodesSuite } from "./automationsNodes.js"

automationsNodesSuite("the embedded default", () => ({}))
