/** @servicekit/adapters/sip — the softphone relay's network: UDP, TCP and TLS to SIP trunks. */
export { layerNodeSipNetwork } from "./sip/NodeSipNetwork.js"
