import { secretCryptoConformance } from "@servicekit/conformance"
import { layerNodeCrypto } from "../src/index.js"

secretCryptoConformance("node:crypto", layerNodeCrypto)
