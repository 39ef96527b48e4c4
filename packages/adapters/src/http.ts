/** @servicekit/adapters/http — outbound HTTP to partner URLs (webhooks, LLM endpoints) on undici, behind the address guard. */
export { type UndiciOutboundHttpOptions, layerUndiciOutboundHttp } from "./http/UndiciOutboundHttp.js"
