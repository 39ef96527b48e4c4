import { layerCrypto } from "@servicekit/core/internal"
import { secretCryptoConformance } from "@servicekit/conformance"
import { layerDeterministicCrypto } from "@servicekit/core/testing"

secretCryptoConformance("portable default", layerCrypto)
secretCryptoConformance("deterministic (tests)", layerDeterministicCrypto(7))
