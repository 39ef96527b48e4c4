import { FanOut } from "@servicekit/core"
import { fanOutConformance } from "@servicekit/conformance"

fanOutConformance("memory", () => FanOut.layerMemory, { shared: false })
