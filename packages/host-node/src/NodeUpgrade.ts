import { type IncomingMessage, STATUS_CODES } from "node:http"
import type { Duplex } from "node:stream"
import type { ServiceKit } from "@servicekit/core"
import type { OutgoingResponse, WebSocketHandler } from "@servicekit/core/internal"
import { type WebSocket, WebSocketServer } from "ws"

/** Larger WebSocket messages close the connection (1009). */
const MAX_MESSAGE_BYTES = 1024 * 1024
const NO_BODY = Promise.resolve(new Uint8Array(0))

/** An HTTP answer on a socket that asked to upgrade but was refused (401, 426, ...). */
const writeRefusal = (socket: Duplex, response: OutgoingResponse): void => {
  const body = typeof response.body === "string" || response.body instanceof Uint8Array ? response.body : ""
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`]
  for (const [name, value] of Object.entries(response.headers)) {
    for (const each of typeof value === "string" ? [value] : value) lines.push(`${name}: ${each}`)
  }
  lines.push("connection: close", `content-length: ${Buffer.byteLength(body)}`, "", "")
  socket.end(Buffer.concat([Buffer.from(lines.join("\r\n")), Buffer.from(body)]))
}

const connect = (ws: WebSocket, handler: WebSocketHandler): void => {
  ws.on("message", (data, isBinary) => {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
    handler.message(isBinary ? new Uint8Array(buffer) : buffer.toString("utf8"))
  })
  ws.once("close", (code, reason) => handler.close(code, reason.toString("utf8")))
  ws.on("error", () => ws.terminate())
  handler.open({ send: (data) => ws.send(data), close: (code, reason) => ws.close(code, reason) })
}

/**
 * WebSocket upgrades on node:http (through `ws`): the request runs through the engine like any
 * other, so routing, rate limits and authentication answer before anything is upgraded; only a
 * 101 from an endpoint that accepted the socket completes the handshake.
 */
export const makeUpgrades = (kit: Pick<ServiceKit.ServiceKit<unknown>, "dispatch">) => {
  const accepted = new WeakMap<IncomingMessage, WebSocketHandler>()
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (offered, req) => {
      const protocol = accepted.get(req)?.protocol
      return protocol !== undefined && offered.has(protocol) ? protocol : false
    }
  })
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on("error", () => socket.destroy())
    let handler: WebSocketHandler | undefined
    kit
      .dispatch({
        method: req.method ?? "GET",
        url: req.url ?? "/",
        headers: req.headers,
        remoteAddress: req.socket.remoteAddress,
        body: () => NO_BODY,
        upgrade: (accept) => {
          handler = accept
        }
      })
      .then((response) => {
        if (response.status !== 101 || handler === undefined) return writeRefusal(socket, response)
        const accept = handler
        accepted.set(req, accept)
        wss.handleUpgrade(req, socket, head, (ws) => connect(ws, accept))
      })
      .catch(() => socket.destroy())
  }
  return {
    onUpgrade,
    /** Closes every open WebSocket (1001, going away). */
    close: () => {
      for (const ws of wss.clients) ws.close(1001, "Server shutting down")
      wss.close()
    }
  }
}
