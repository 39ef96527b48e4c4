import type { IncomingMessage, ServerResponse } from "node:http"
import { Readable } from "node:stream"
import type { ServiceKit } from "@servicekit/core"

/**
 * A node:http style listener `(req, res)` over the kit's web-standard handler, for
 * mounting inside Express, Fastify (raw) or a plain node:http server. Under
 * Express, mount it with `app.use("/api", listener)`: the original URL is kept.
 */
export const toNodeListener =
  (kit: Pick<ServiceKit.ServiceKit<unknown>, "handler">) =>
  (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next?: (error?: unknown) => void): void => {
    const url = new URL(req.originalUrl ?? req.url ?? "/", `http://${req.headers.host ?? "localhost"}`)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD"
    const request = new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      ...(hasBody ? { duplex: "half" } : {})
    } as RequestInit)
    kit
      .handler(request, { remoteAddress: req.socket.remoteAddress })
      .then(async (response) => {
        res.statusCode = response.status
        response.headers.forEach((value, name) => res.appendHeader(name, value))
        if (response.body === null) return void res.end()
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk)
        res.end()
      })
      .catch((error) => (next === undefined ? res.destroy(error as Error) : next(error)))
  }
