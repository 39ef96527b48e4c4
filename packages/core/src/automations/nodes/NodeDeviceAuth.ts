import { HttpApiMiddleware } from "@effect/platform"
import { Context, Effect, FiberRef, Layer, Schema } from "effect"
import { CurrentRequest, bearerToken, queryParameter } from "../../http/RequestContext.js"
import { PermissionDenied, Unauthenticated } from "../../platform/Errors.js"

/** The device secret a request presents, still to be checked against the node its path names. */
export class DeviceSecret extends Context.Tag("@servicekit/core/DeviceSecret")<DeviceSecret, string | undefined>() {}

/**
 * A node device's credential: `Authorization: Bearer <deviceSecret>`, or, for the WebSocket,
 * whose clients cannot always set headers, the `secret` query parameter. The node's service checks
 * it against the node in the path (NodeService.device: 403 `tenant_suspended` while its tenant is
 * suspended); it never reaches a log line, which holds the path without its query.
 */
export class NodeDeviceAuth extends HttpApiMiddleware.Tag<NodeDeviceAuth>()("@servicekit/core/NodeDeviceAuth", {
  failure: Schema.Union(Unauthenticated, PermissionDenied),
  provides: DeviceSecret
}) {}

export const layerNodeDeviceAuth = Layer.succeed(
  NodeDeviceAuth,
  Effect.map(FiberRef.get(CurrentRequest), (state) => {
    const bearer = bearerToken(state.headers)
    return typeof bearer === "string" && bearer.length > 0 ? bearer : queryParameter(state.request?.url, "secret")
  })
)
