import { Chunk, Duration, Effect, Option, Queue, type Scope, Stream } from "effect"
import type { Socket } from "../../http/WebSocket.js"
import type { FanOut } from "../../jobs/FanOut.js"
import { type Node, type NodeCommand, NODE_CHANGED, commandJson, nodeSettingsJson, nodeTopic } from "./Node.js"
import type { NodeCommandRepository } from "./NodeRepositories.js"
import type { NodeService } from "./NodeService.js"

/**
 * How often an open socket looks again without a signal: for commands due again after an
 * unanswered delivery, and for a revocation whose signal was missed.
 */
const SOCKET_RECHECK_SECONDS = 25
/** How long a socket lets the signals of commands queued together gather before taking what is due. */
const SOCKET_GATHER = Duration.millis(1)
/** The close code telling the device its secret no longer works (as a 401 would): pair again. */
export const SOCKET_SECRET_REFUSED = 4401

const PING = /^\s*\{\s*"type"\s*:\s*"ping"\s*\}\s*$/
const PONG = JSON.stringify({ type: "pong" })

interface SocketDependencies {
  readonly nodes: NodeService["Type"]
  readonly fanOut: FanOut["Type"]
  readonly commands: NodeCommandRepository["Type"]
  /** The node's due commands, handed out (as a long poll takes them); at most `batch`. */
  readonly due: (node: Node) => Effect.Effect<ReadonlyArray<NodeCommand>>
  readonly batch: number
  readonly now: Effect.Effect<Date>
}

/**
 * A device's socket, its secret already checked: sends the node's settings on open and whenever
 * they change, and its commands as they fall due; closes with SOCKET_SECRET_REFUSED once the
 * secret stops working. Commands pushed to the socket that are still without a result when it
 * closes go back in the queue, for the next socket or long poll.
 */
export const pushCommands = (
  { nodes, fanOut, commands, due, batch, now }: SocketDependencies,
  node: Node,
  secret: string | undefined,
  socket: Socket
): Effect.Effect<void, never, Scope.Scope> =>
  Effect.gen(function* () {
    // A queued command's signal only asks for what is due; a change (or the periodic look)
    // checks the secret and the settings again.
    const wake = yield* Queue.sliding<"due" | "check">(64)
    const signals = yield* fanOut.subscribe(nodeTopic(node.id))
    yield* Effect.forkScoped(
      Stream.runForEach(signals, (signal) => wake.offer(signal === NODE_CHANGED ? "check" : "due"))
    )
    yield* Effect.forkScoped(
      Stream.runForEach(socket.messages, (data) =>
        typeof data === "string" && PING.test(data) ? socket.send(PONG) : Effect.void
      )
    )
    const pushed = new Map<string, NodeCommand>()
    yield* Effect.addFinalizer(() =>
      Effect.flatMap(now, (at) =>
        Effect.forEach(pushed.values(), (command) => commands.requeue(command, at), { discard: true })
      )
    )
    let current = node
    let settings = ""
    let reason: "due" | "check" = "check"
    for (;;) {
      // Commands queued together go out together: a moment for their signals to gather, then the
      // signals so far are answered by the one look below (their commands are stored).
      if (reason === "due") yield* Effect.sleep(SOCKET_GATHER)
      const gathered = yield* wake.takeAll
      if (reason === "check" || Chunk.some(gathered, (signal) => signal === "check")) {
        const checked = yield* Effect.option(nodes.device(node.id, secret))
        if (Option.isNone(checked)) return yield* socket.close(SOCKET_SECRET_REFUSED, "invalid_device_secret")
        current = yield* nodes.seen(checked.value)
        const told = JSON.stringify({ type: "settings", node: nodeSettingsJson(current) })
        if (told !== settings) yield* socket.send((settings = told))
        const at = yield* now
        for (const [id, command] of pushed) if (command.expiresAt <= at) pushed.delete(id)
      }
      const taken = yield* due(current)
      for (const command of taken) pushed.set(command.id, command)
      if (taken.length > 0) yield* socket.send(JSON.stringify({ type: "commands", data: taken.map(commandJson) }))
      // A full batch may leave more due: look again at once.
      reason =
        taken.length === batch
          ? "due"
          : yield* wake.take.pipe(
              Effect.timeout(Duration.seconds(SOCKET_RECHECK_SECONDS)),
              Effect.orElseSucceed(() => "check" as const)
            )
    }
  })
