import { FanOut } from "@servicekit/core"
import { fanOutConformance } from "@servicekit/core/conformance"

fanOutConformance("memory", () => FanOut.layerMemory, { shared: false })
