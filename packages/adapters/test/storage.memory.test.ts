import { storageConformance } from "@servicekit/conformance"
import { layerMemoryStorage } from "@servicekit/core/testing"

storageConformance("memory", () => layerMemoryStorage)
