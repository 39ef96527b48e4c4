import { Schema } from "effect"
import type { DomainEvent } from "../../jobs/EventOutbox.js"
import { eventBody } from "../../module/EventBodies.js"
import type { Node } from "./Node.js"
import { NodeJson } from "./NodesApi.js"

/** A node as `node.offline` tells of it: enough to find it (GET /automations/nodes) and to say when it was last heard. */
const OfflineNodeJson = NodeJson.pick("id", "name", "platform", "version", "lastSeenAt", "offlineSince").annotations({
  identifier: "OfflineNode"
})

export const NodeOfflineEvent = eventBody(
  "node.offline",
  "NodeOfflineEvent",
  { node: OfflineNodeJson },
  "A paired companion node was not heard from (heartbeat, poll or result) for SERVICEKIT_NODE_OFFLINE_SECONDS (90 by default): sent once each time it goes offline. Steps waiting for its commands keep waiting until their own time is up.",
  {
    eventId: "6b1e9d47-3c8a-4f25-9e0d-7a2c5b8f1e93",
    timestamp: "2026-03-14T10:02:30.000Z",
    payload: {
      node: {
        id: "5a8c2e4f-7b9d-4a1c-8e3f-0d6b9a2c4e71",
        name: "Ada's laptop",
        platform: "darwin arm64",
        version: "1.4.0",
        lastSeenAt: "2026-03-14T10:01:00.000Z",
        offlineSince: "2026-03-14T10:02:30.000Z"
      }
    }
  }
)

const encodeNode = Schema.encodeSync(OfflineNodeJson)

/** `node.offline` for `node`, just marked offline. */
export const nodeOfflineEvent = (id: string, node: Node): DomainEvent => ({
  id,
  tenantId: node.tenantId,
  aggregate: `node:${node.id}`,
  type: "node.offline",
  payload: { node: encodeNode(node) },
  occurredAt: node.offlineSince!
})
