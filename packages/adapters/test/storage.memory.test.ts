import { storageConformance } from "@servicekit/core/conformance"
import { layerMemoryStorage } from "@servicekit/core/testing"

storageConformance("memory", () => layerMemoryStorage)
