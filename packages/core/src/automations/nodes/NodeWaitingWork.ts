import { Effect, Layer, Option } from "effect"
import { type Waitpoint, WaitingWork } from "../records/Waitpoint.js"
import type { NodeCommand } from "./Node.js"
import { NodeCommandRepository } from "./NodeRepositories.js"

/** The waitpoint kind of a run waiting for a node's command. */
export const NODE_COMMAND_WAIT = "node_command"

/** A node command waitpoint's resource: the node and the command, which the command's repository finds it by. */
export const commandResource = (command: Pick<NodeCommand, "nodeId" | "id">) => `${command.nodeId}/${command.id}`

/**
 * Ends the node command a cancelled run waited for: it fails as `run_cancelled`, so no device
 * takes it up later, and a result sent for it is refused as one for a finished command.
 */
export const layerNodeWaitingWork: Layer.Layer<WaitingWork, never, NodeCommandRepository> = Layer.effect(
  WaitingWork,
  Effect.map(NodeCommandRepository, (commands) =>
    WaitingWork.of({
      cancel: (waitpoint: Waitpoint, at: Date) =>
        Effect.gen(function* () {
          if (waitpoint.kind !== NODE_COMMAND_WAIT || waitpoint.resourceId === null) return
          const [nodeId, commandId] = waitpoint.resourceId.split("/")
          if (nodeId === undefined || commandId === undefined) return
          const found = yield* commands.find(waitpoint.tenantId, nodeId, commandId)
          if (Option.isNone(found)) return
          yield* commands.finish({
            ...found.value,
            status: "failed",
            errorCode: "run_cancelled",
            errorMessage: "The run was cancelled before the node answered.",
            completedAt: at,
            updatedAt: at
          })
        })
    })
  )
)
