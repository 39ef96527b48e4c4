/**
 * @servicekit/host-node/fastify — ServiceKit as a Fastify plugin:
 *
 *   await app.register(serviceKitPlugin(kit), { prefix: kit.config.mountPath })
 *
 * Inside the plugin's own scope the body is left unparsed, so ServiceKit reads the exact
 * bytes itself (its limits and 413, the raw body for HMAC checks); the app's other
 * routes keep Fastify's parsers. The client address is the socket's; ServiceKit applies its
 * own SERVICEKIT_TRUSTED_PROXIES rather than Fastify's trustProxy.
 */
import type { ServiceKit } from "@servicekit/core"
import type { FastifyPluginAsync } from "fastify"
import { serveNodeRequest } from "./NodeRequest.js"

export const serviceKitPlugin =
  (kit: Pick<ServiceKit.ServiceKit<unknown>, "dispatch">): FastifyPluginAsync =>
  async (fastify) => {
    fastify.removeAllContentTypeParsers()
    fastify.addContentTypeParser("*", (_request, _payload, done) => done(null))
    fastify.all("/*", (request, reply) => {
      // ServiceKit writes the response (batched per event-loop turn, streams, aborts) on the raw socket.
      reply.hijack()
      serveNodeRequest(kit, request.raw, reply.raw).catch((error) => reply.raw.destroy(error as Error))
    })
  }
