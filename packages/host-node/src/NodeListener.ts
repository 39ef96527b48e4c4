import type { IncomingMessage, ServerResponse } from "node:http"
import type { ServiceKit } from "@servicekit/core"
import { serveNodeRequest } from "./NodeRequest.js"

/**
 * A node:http style listener `(req, res, next?)` for mounting inside Express,
 * Fastify (raw) or a plain node:http server. Under Express, mount it with
 * `app.use("/api", listener)`, before any body parser: the original URL is kept
 * and ServiceKit reads the body itself. WebSocket endpoints need `listen` (or the
 * server's `upgrade` event); through a listener they answer 426.
 */
export const toNodeListener =
  (kit: Pick<ServiceKit.ServiceKit<unknown>, "dispatch">) =>
  (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next?: (error?: unknown) => void): void => {
    serveNodeRequest(kit, req, res, req.originalUrl).catch((error) =>
      next === undefined ? res.destroy(error as Error) : next(error)
    )
  }
