// The WebSocket as hosts see it: what a host hands the engine on an upgrade, and what it calls.

/** An accepted WebSocket as every host exposes it to the engine. */
export interface WebSocketConnection {
  readonly send: (data: string | Uint8Array) => void
  readonly close: (code?: number, reason?: string) => void
}

/** What a host calls on an accepted WebSocket: once `open`, then per message, then once `close`. */
export interface WebSocketHandler {
  /** The subprotocol the server accepts, echoed in Sec-WebSocket-Protocol. */
  readonly protocol: string | undefined
  readonly open: (connection: WebSocketConnection) => void
  readonly message: (data: string | Uint8Array) => void
  readonly close: (code: number, reason: string) => void
}
