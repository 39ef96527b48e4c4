import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { acceptWebSocket } from "../../http/WebSocket.js"
import { ApiCaller } from "../../http/Security.js"
import { RunEngine } from "../runs/RunEngine.js"
import { DEFAULT_POLL_SECONDS, type Node, commandJson, nodeSettingsJson } from "./Node.js"
import { DeviceSecret } from "./NodeDeviceAuth.js"
import { NodeClaimApi, NodeDeviceApi, NodesApi } from "./NodesApi.js"
import { NodeCommandService } from "./NodeCommandService.js"
import { NodeService } from "./NodeService.js"

export const nodeJson = (node: Node) => ({
  id: node.id,
  name: node.name,
  status: node.status,
  platform: node.platform,
  version: node.version,
  capabilities: node.capabilities,
  allowSystem: node.allowSystem,
  allowBrowser: node.allowBrowser,
  allowedBinaries: node.allowedBinaries,
  allowedHosts: node.allowedHosts,
  pairingExpiresAt: node.status === "pending" ? node.pairingExpiresAt : null,
  pairedAt: node.pairedAt,
  lastSeenAt: node.lastSeenAt,
  offlineSince: node.offlineSince,
  revokedAt: node.revokedAt,
  createdAt: node.createdAt,
  updatedAt: node.updatedAt
})

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)

/** Revokes a node and fails its open commands (and the steps waiting for them) at once. */
export const revokeNode = (tenantId: string, id: string) =>
  Effect.gen(function* () {
    const revoked = yield* Effect.flatMap(NodeService, (nodes) => nodes.revoke(tenantId, id))
    yield* Effect.flatMap(NodeCommandService, (commands) => commands.abandon(revoked))
    return revoked
  })

export const nodeHandlers = implement(
  NodesApi,
  Effect.gen(function* () {
    const nodes = yield* NodeService
    const commands = yield* NodeCommandService
    const runs = yield* RunEngine
    return {
      listNodes: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => nodes.list(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, nodeJson))
        ),
      createNode: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => nodes.create(tenantId, payload)).pipe(
          Effect.map(({ node, pairingCode }) => ({ ...nodeJson(node), pairingCode }))
        ),
      updateNode: ({ path, payload }) =>
        Effect.flatMap(tenant, (tenantId) => nodes.update(tenantId, path.id, payload)).pipe(Effect.map(nodeJson)),
      revokeNode: ({ path }) =>
        Effect.flatMap(tenant, (tenantId) => revokeNode(tenantId, path.id)).pipe(
          Effect.provideService(NodeService, nodes),
          Effect.provideService(NodeCommandService, commands),
          Effect.provideService(RunEngine, runs),
          Effect.map(nodeJson)
        )
    }
  })
)

export const nodeClaimHandlers = implement(
  NodeClaimApi,
  Effect.gen(function* () {
    const nodes = yield* NodeService
    return {
      claimNode: ({ payload: { pairingCode, ...report } }) =>
        Effect.map(nodes.claim(pairingCode, report), ({ deviceSecret, node }) => ({ ...nodeJson(node), deviceSecret }))
    }
  })
)

export const nodeDeviceHandlers = implement(
  NodeDeviceApi,
  Effect.gen(function* () {
    const nodes = yield* NodeService
    const commands = yield* NodeCommandService
    const runs = yield* RunEngine
    return {
      nodeHeartbeat: ({ path, payload }) =>
        Effect.flatMap(DeviceSecret, (secret) => nodes.heartbeat(path.id, secret, payload)).pipe(
          Effect.map(nodeSettingsJson)
        ),
      nodeCommands: ({ path, urlParams }) =>
        Effect.flatMap(DeviceSecret, (secret) =>
          commands.poll(path.id, secret, urlParams.wait ?? DEFAULT_POLL_SECONDS)
        ).pipe(Effect.map((due) => ({ data: due.map(commandJson) }))),
      nodeSocket: ({ path }) =>
        Effect.flatMap(DeviceSecret, (secret) => commands.connect(path.id, secret)).pipe(
          Effect.flatMap((pushCommands) => acceptWebSocket({}, pushCommands))
        ),
      nodeCommandResult: ({ path, payload }) =>
        Effect.flatMap(DeviceSecret, (secret) => commands.complete(path.id, secret, path.commandId, payload)).pipe(
          Effect.provideService(RunEngine, runs),
          Effect.map((command) => ({ id: command.id, status: command.status, completedAt: command.completedAt }))
        )
    }
  })
)
