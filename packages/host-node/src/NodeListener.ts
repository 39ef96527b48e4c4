import type { IncomingMessage, ServerResponse } from "node:http"
import type { ServiceKit } from "@servicekit/core"
import { serveNodeRequest } from "./NodeRequest.js"

/**
 * A node:http style listener `(req, res, next?)` for mounting inside Express or a plain
 * node:http server (Fastify: `@servicekit/host-node/fastify`). Under Express, mount it with
 * `app.use(kit.config.mountPath, listener)`: the original URL is kept. Mounted before any body
 * parser, ServiceKit reads the exact bytes itself; behind express.json() and the like it uses
 * the parsed body (`req.rawBody` when present). WebSocket endpoints need `listen` (or the
 * server's `upgrade` event); through a listener they answer 426.
 */
export const toNodeListener =
  (kit: Pick<ServiceKit.ServiceKit<unknown>, "dispatch">) =>
  (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next?: (error?: unknown) => void): void => {
    serveNodeRequest(kit, req, res, req.originalUrl).catch((error) =>
      next === undefined ? res.destroy(error as Error) : next(error)
    )
  }
