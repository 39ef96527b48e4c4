import { rateLimitStoreConformance } from "@servicekit/conformance"
import { layerMemoryRateLimit } from "@servicekit/core/testing"

rateLimitStoreConformance("memory", () => layerMemoryRateLimit)
