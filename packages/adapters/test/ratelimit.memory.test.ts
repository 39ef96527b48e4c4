import { rateLimitStoreConformance } from "@servicekit/core/conformance"
import { layerMemoryRateLimit } from "@servicekit/core/testing"

rateLimitStoreConformance("memory", () => layerMemoryRateLimit)
