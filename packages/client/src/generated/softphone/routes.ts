// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the softphone group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const softphoneRoutes = {
  /**
   * Softphone: SIP over WebSocket to the tenant's trunk
   *
   * A WebSocket upgrade offering the `sip` subprotocol (RFC 7118), on the native Node and Bun hosts; 426 elsewhere or without the upgrade. Each message is one SIP message, relayed to the tenant's own trunk (whose Digest challenges the relay answers with the stored password) or to the platform's carrier for hosted SIP. Signalling only: the SDP passes through untouched and media flows between the softphone and the far end. Any dashboard role.
   */
  "softphone.connectSoftphone": ["GET", "/sip/ws", "400 401 403 405 409 426 500", "socket+token"]
} as const
