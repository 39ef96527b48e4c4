import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { ServiceKit } from "@servicekit/core"
import { answerClientError } from "./ClientError.js"
import { serveNodeRequest } from "./NodeRequest.js"
import { makeUpgrades } from "./NodeUpgrade.js"

export interface RunningServer {
  readonly port: number
  readonly url: string
  /** Stops accepting connections, closes WebSockets, lets in-flight requests finish, then resolves. */
  readonly close: () => Promise<void>
}

/** Serves a ServiceKit natively on node:http, WebSocket upgrades included. */
export const listen = (
  kit: Pick<ServiceKit.ServiceKit<unknown>, "dispatch">,
  options: { readonly port?: number; readonly host?: string } = {}
): Promise<RunningServer> =>
  new Promise((resolve, reject) => {
    const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
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
        close: () =>
          new Promise<void>((done) => {
            // close() waits for in-flight requests; idle keep-alive connections would hold it open.
            server.close(() => done())
            server.closeIdleConnections()
            upgrades.close()
          })
      })
    })
  })
