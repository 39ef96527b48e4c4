import { type ServerResponse, createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { ServiceKit } from "@servicekit/core"
import { answerClientError } from "./ClientError.js"
import { serveNodeRequest } from "./NodeRequest.js"
import { makeUpgrades } from "./NodeUpgrade.js"

export interface RunningServer {
  readonly port: number
  readonly url: string
  /**
   * Stops accepting connections and closes idle keep-alive ones and WebSockets; requests already
   * received are answered, with `Connection: close`. Resolves when the last one is answered, or at
   * `deadlineMs` (default 10 s), when the connections still open are cut.
   */
  readonly close: (options?: { readonly deadlineMs?: number }) => Promise<void>
}

/** Serves a ServiceKit natively on node:http, WebSocket upgrades included. */
export const listen = (
  kit: Pick<ServiceKit.ServiceKit<unknown>, "dispatch">,
  options: { readonly port?: number; readonly host?: string } = {}
): Promise<RunningServer> =>
  new Promise((resolve, reject) => {
    // Responses not yet started: on close they are told to end their connection.
    const unanswered = new Set<ServerResponse>()
    let closing = false
    const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
      if (closing) res.shouldKeepAlive = false
      unanswered.add(res)
      res.once("finish", () => unanswered.delete(res)).once("close", () => unanswered.delete(res))
      serveNodeRequest(kit, req, res).catch((error) => res.destroy(error as Error))
    })
    const upgrades = makeUpgrades(kit)
    server.on("upgrade", upgrades.onUpgrade)
    server.on("clientError", answerClientError)
    server.once("error", reject)
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
      const { address, port } = server.address() as AddressInfo
      const host =
        address === "0.0.0.0" || address === "::" ? "127.0.0.1" : address.includes(":") ? `[${address}]` : address
      resolve({
        port,
        url: `http://${host}:${port}`,
        close: ({ deadlineMs = 10_000 } = {}) =>
          new Promise<void>((done) => {
            closing = true
            for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false
            const deadline = setTimeout(() => server.closeAllConnections(), deadlineMs)
            // close() waits for in-flight requests; idle keep-alive connections would hold it open.
            server.close(() => {
              clearTimeout(deadline)
              done()
            })
            server.closeIdleConnections()
            upgrades.close()
          })
      })
    })
  })
