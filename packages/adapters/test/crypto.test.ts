import { secretCryptoConformance } from "@servicekit/core/conformance"
import { layerNodeCrypto } from "../src/index.js"

secretCryptoConformance("node:crypto", layerNodeCrypto)
