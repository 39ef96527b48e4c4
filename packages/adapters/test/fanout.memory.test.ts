import { FanOut } from "@servicekit/core/internal"
import { fanOutConformance } from "@servicekit/conformance"

fanOutConformance("memory", () => FanOut.layerMemory, { shared: false })
