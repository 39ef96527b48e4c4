/**
 * @servicekit/host-bun — serves a ServiceKit on Bun.serve. Create the kit with
 * `createServiceKit` from @servicekit/host-node (its Node APIs run on Bun) or
 * `ServiceKit.make` from @servicekit/core with ports of your choice.
 */
/// <reference path="./bun.d.ts" />
import { type ServiceKit } from "@servicekit/core"
import { type WebSocketHandler, fromWebRequest, toWebResponse } from "@servicekit/core/internal"

export interface BunServer {
  readonly port: number
  readonly url: string
  /** Stops accepting connections and waits for in-flight requests. */
  readonly stop: () => Promise<void>
}

/** Larger WebSocket messages close the connection. */
const MAX_MESSAGE_BYTES = 1024 * 1024

const upgradeFailed = (requestId: string) =>
  toWebResponse({
    status: 400,
    headers: { "content-type": "application/json", "x-request-id": requestId },
    body: JSON.stringify({
      error: { type: "invalid_request", code: "upgrade_failed", message: "The WebSocket handshake failed.", requestId }
    })
  })

/**
 * Serves the kit on Bun.serve: requests through the engine, WebSocket endpoints through Bun's
 * own upgrade once the engine has accepted them (after routing, limits and authentication).
 */
export const serve = (
  kit: Pick<ServiceKit.ServiceKit<unknown>, "dispatch">,
  options: { readonly port?: number; readonly hostname?: string } = {}
): BunServer => {
  const server = Bun.serve<WebSocketHandler>({
    port: options.port ?? 0,
    hostname: options.hostname ?? "127.0.0.1",
    fetch: async (request, server) => {
      let accepted: WebSocketHandler | undefined
      const incoming = fromWebRequest(request, server.requestIP(request)?.address, (handler) => {
        accepted = handler
      })
      const response = await kit.dispatch(incoming)
      if (response.status !== 101 || accepted === undefined) return toWebResponse(response)
      const headers = accepted.protocol === undefined ? undefined : { "sec-websocket-protocol": accepted.protocol }
      return server.upgrade(request, { data: accepted, headers })
        ? undefined
        : upgradeFailed(String(response.headers["x-request-id"]))
    },
    websocket: {
      maxPayloadLength: MAX_MESSAGE_BYTES,
      open: (ws) =>
        ws.data.open({ send: (data) => void ws.send(data), close: (code, reason) => ws.close(code, reason) }),
      message: (ws, message) => ws.data.message(typeof message === "string" ? message : new Uint8Array(message)),
      close: (ws, code, reason) => ws.data.close(code, reason)
    }
  })
  const host = server.hostname === "0.0.0.0" ? "127.0.0.1" : server.hostname
  return { port: server.port, url: `http://${host}:${server.port}`, stop: () => server.stop() }
}
