/**
 * ServiceKit in a Next.js app (App Router): this route answers everything under /api, the kit's
 * default mount path. Route handlers receive web-standard Requests and return Responses, so
 * the kit's web handler serves them directly.
 */
import { type NodeServiceKit, createServiceKit } from "@servicekit/host-node"

// ServiceKit needs Node (its database, crypto and files), and every answer is per request.
export const runtime = "nodejs"
export const dynamic = "force-dynamic"

// One kit per server process, created on the first request rather than at build time: the
// development server evaluates this module again after every edit. Its background workers
// (email delivery, webhooks, automation runs) run in the same process.
const shared = globalThis as typeof globalThis & { serviceKit?: NodeServiceKit }
const serviceKit = (): NodeServiceKit => {
  if (shared.serviceKit === undefined) {
    shared.serviceKit = createServiceKit()
    shared.serviceKit.startWorkers().catch((error) => console.error("ServiceKit workers did not start", error))
  }
  return shared.serviceKit
}

/**
 * Route handlers never see the socket. Next's server copies the peer address into
 * X-Forwarded-For when the request has none, and a proxy in front (Vercel, nginx with
 * $proxy_add_x_forwarded_for) adds the address it saw at the right: the right-most entry is the
 * one the nearest hop vouches for. A client that reaches `next start` directly can write the
 * header itself, so serve Next behind such a proxy when keys use IP allowlists.
 */
const clientAddress = (request: Request): string | undefined =>
  request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || undefined

const handle = (request: Request): Promise<Response> =>
  serviceKit().handler(request, { remoteAddress: clientAddress(request) })

export {
  handle as DELETE,
  handle as GET,
  handle as HEAD,
  handle as OPTIONS,
  handle as PATCH,
  handle as POST,
  handle as PUT
}
