export { layerNodeCrypto } from "./NodeCrypto.js"
