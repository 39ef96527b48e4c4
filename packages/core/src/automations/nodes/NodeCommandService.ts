import { Clock, Context, Duration, Effect, Layer, Option, type Scope, Stream } from "effect"
import type { Socket } from "../../http/WebSocket.js"
import { FanOut } from "../../jobs/FanOut.js"
import { type SkillCall, SkillFailed, type SkillOutput, SkillPending } from "../../module/SkillRunner.js"
import { SecretCrypto, isUuid, randomUuid } from "../../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../../platform/Errors.js"
import { RunEngine } from "../runs/RunEngine.js"
import type { JsonObject } from "../records/Workflow.js"
import {
  DEFAULT_COMMAND_SECONDS,
  MAX_DATA_BYTES,
  MAX_OUTPUT_CHARS,
  type Node,
  type NodeCommand,
  REDELIVER_AFTER_SECONDS,
  nodeTopic,
  refusal
} from "./Node.js"
import { NodeCommandClosed, NodeCommandNotFound } from "./NodeErrors.js"
import { NodeCommandRepository, NodeRepository, OPEN_COMMAND } from "./NodeRepositories.js"
import { type DeviceRefused, NodeService } from "./NodeService.js"
import { NODE_COMMAND_WAIT, commandResource } from "./NodeWaitingWork.js"
import { pushCommands } from "./NodeSocket.js"

/** Commands one poll (or one push) hands out at most. */
const POLL_BATCH = 20

export interface CommandResult {
  readonly ok: boolean
  readonly output?: string | undefined
  /** Base64. */
  readonly data?: string | undefined
  readonly mimeType?: string | undefined
  readonly error?: { readonly code: string; readonly message: string } | undefined
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/
const ERROR_CODE = /^[a-z0-9_.-]{1,64}$/

/**
 * The commands runs queue for nodes (node skills): queued once per step, handed to the device by
 * a long poll (or a WebSocket push), their results stored once, waking the runs that wait for them.
 */
export class NodeCommandService extends Context.Tag("@servicekit/core/NodeCommandService")<
  NodeCommandService,
  {
    /** The commands due for the node, waiting up to `waitSeconds` for one when none is. */
    readonly poll: (
      nodeId: string,
      secret: string | undefined,
      waitSeconds: number
    ) => Effect.Effect<ReadonlyArray<NodeCommand>, DeviceRefused>
    /**
     * The device's socket, once its secret is checked (NodeSocket.pushCommands runs it).
     */
    readonly connect: (
      nodeId: string,
      secret: string | undefined
    ) => Effect.Effect<(socket: Socket) => Effect.Effect<void, never, Scope.Scope>, DeviceRefused>
    /** Stores a command's result, once, and queues the run waiting for it. */
    readonly complete: (
      nodeId: string,
      secret: string | undefined,
      commandId: string,
      result: CommandResult
    ) => Effect.Effect<
      NodeCommand,
      DeviceRefused | NodeCommandNotFound | NodeCommandClosed | ValidationFailed,
      RunEngine
    >
    /** Fails the revoked node's open commands at once, waking the runs that wait for them. */
    readonly abandon: (node: Node) => Effect.Effect<number, never, RunEngine>
    /**
     * A node skill: queues the command for the node (once per idempotency key) and waits for its
     * result without holding a worker (SkillPending); called again, answers the result.
     */
    readonly dispatch: (skillId: string, call: SkillCall) => Effect.Effect<SkillOutput, SkillFailed | SkillPending>
  }
>() {
  static readonly layer = Layer.effect(
    NodeCommandService,
    Effect.gen(function* () {
      const nodes = yield* NodeService
      const nodeRows = yield* NodeRepository
      const commands = yield* NodeCommandRepository
      const crypto = yield* SecretCrypto
      const fanOut = yield* FanOut
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const due = (node: Node) =>
        Effect.flatMap(now, (at) =>
          commands.deliver(
            node.tenantId,
            node.id,
            at,
            new Date(at.getTime() - REDELIVER_AFTER_SECONDS * 1000),
            POLL_BATCH
          )
        )

      /** What a command came to, as its step sees it. */
      const settle = (command: NodeCommand) =>
        Effect.gen(function* () {
          const view = {
            commandId: command.id,
            nodeId: command.nodeId,
            command: command.command,
            ok: command.status === "succeeded",
            output: command.output,
            ...(command.data === null ? {} : { data: command.data, mimeType: command.mimeType })
          }
          if (command.status === "succeeded") return { output: view, outputText: command.output }
          if (command.status === "failed") {
            const code = command.errorCode === null ? "" : ` (${command.errorCode})`
            return yield* new SkillFailed({
              message: `The node could not run ${command.command}${code}: ${command.errorMessage ?? "no reason given"}`,
              output: view
            })
          }
          const at = yield* now
          if (command.status === "expired" || command.expiresAt <= at) {
            if (command.status !== "expired") {
              yield* commands.finish({ ...command, status: "expired", completedAt: at, updatedAt: at })
            }
            const node = yield* nodeRows.find(command.tenantId, command.nodeId)
            const lastSeen = Option.match(node, {
              onNone: () => "it no longer exists",
              onSome: (found) =>
                found.lastSeenAt === null ? "it was never seen" : `it was last seen ${found.lastSeenAt.toISOString()}`
            })
            const seconds = Math.round((command.expiresAt.getTime() - command.createdAt.getTime()) / 1000)
            return yield* new SkillFailed({
              message:
                command.deliveredAt === null
                  ? `The node did not pick up ${command.command} within ${seconds} s: it is offline (${lastSeen}).`
                  : `The node took ${command.command} but did not answer within ${seconds} s (${lastSeen}).`,
              output: view
            })
          }
          return yield* new SkillPending({
            until: command.expiresAt,
            ready: Effect.map(commands.findByKey(command.tenantId, command.idempotencyKey), (found) =>
              Option.exists(found, (stored) => !OPEN_COMMAND.includes(stored.status))
            ),
            output: { commandId: command.id, nodeId: command.nodeId, command: command.command, waiting: true },
            waitingOn: { kind: NODE_COMMAND_WAIT, id: commandResource(command) }
          })
        })

      return {
        poll: (nodeId, secret, waitSeconds) =>
          Effect.gen(function* () {
            const node = yield* nodes.seen(yield* nodes.device(nodeId, secret))
            const first = yield* due(node)
            if (first.length > 0 || waitSeconds <= 0) return first
            // Listening before looking again: a command queued in between is not missed.
            return yield* Effect.scoped(
              Effect.gen(function* () {
                const signals = yield* fanOut.subscribe(nodeTopic(node.id))
                const again = yield* due(node)
                if (again.length > 0) return again
                yield* signals.pipe(
                  Stream.take(1),
                  Stream.runDrain,
                  Effect.timeout(Duration.seconds(waitSeconds)),
                  Effect.ignore
                )
                return yield* due(node)
              })
            )
          }),

        connect: (nodeId, secret) =>
          Effect.map(
            nodes.device(nodeId, secret),
            (node) => (socket: Socket) =>
              pushCommands({ nodes, fanOut, due, commands, batch: POLL_BATCH, now }, node, secret, socket)
          ),

        complete: (nodeId, secret, commandId, result) =>
          Effect.gen(function* () {
            const node = yield* nodes.device(nodeId, secret)
            if (
              result.output !== undefined &&
              (result.output.length > MAX_OUTPUT_CHARS || result.output.includes("\u0000"))
            ) {
              return yield* invalidField("output", `must be at most ${MAX_OUTPUT_CHARS} characters without NUL`)
            }
            if (result.data !== undefined) {
              const bytes = Math.floor((result.data.length * 3) / 4) - (result.data.match(/=+$/)?.[0].length ?? 0)
              if (result.data.length % 4 !== 0 || !BASE64.test(result.data) || bytes > MAX_DATA_BYTES) {
                return yield* invalidField("data", `must be base64 of at most ${MAX_DATA_BYTES} bytes`)
              }
            }
            if (result.mimeType !== undefined && !MIME_TYPE.test(result.mimeType)) {
              return yield* invalidField("mimeType", "must be a media type such as image/png")
            }
            if (result.error !== undefined) {
              if (!ERROR_CODE.test(result.error.code)) {
                return yield* invalidField("error.code", "must be 1 to 64 of a-z, 0-9, _ . -")
              }
              if (result.error.message.length > 2_000 || result.error.message.includes("\u0000")) {
                return yield* invalidField("error.message", "must be at most 2000 characters without NUL")
              }
            }
            const found = isUuid(commandId)
              ? yield* commands.find(node.tenantId, node.id, commandId.toLowerCase())
              : Option.none()
            if (Option.isNone(found)) return yield* new NodeCommandNotFound()
            const command = found.value
            const at = yield* now
            const closed = (code: "command_finished" | "command_expired") =>
              new NodeCommandClosed({
                code,
                message:
                  code === "command_finished"
                    ? "The command has its result already."
                    : "The command's time ran out before its result came; its step failed."
              })
            if (command.status === "expired") return yield* closed("command_expired")
            if (!OPEN_COMMAND.includes(command.status)) return yield* closed("command_finished")
            const runs = yield* RunEngine
            const wakeRun = command.runId === null ? Effect.void : runs.wake(command.tenantId, command.runId)
            if (command.expiresAt <= at) {
              if (yield* commands.finish({ ...command, status: "expired", completedAt: at, updatedAt: at })) {
                yield* wakeRun
              }
              return yield* closed("command_expired")
            }
            const finished: NodeCommand = {
              ...command,
              status: result.ok ? "succeeded" : "failed",
              output: result.output ?? null,
              data: result.data ?? null,
              mimeType: result.data === undefined ? null : (result.mimeType ?? "application/octet-stream"),
              errorCode: result.ok ? null : (result.error?.code ?? "failed"),
              errorMessage: result.ok ? null : (result.error?.message ?? null),
              completedAt: at,
              updatedAt: at
            }
            if (!(yield* commands.finish(finished))) return yield* closed("command_finished")
            yield* wakeRun
            yield* nodes.seen(node)
            return finished
          }),

        abandon: (node) =>
          Effect.gen(function* () {
            const runs = yield* RunEngine
            let failed = 0
            for (;;) {
              const open = yield* commands.listOpen(node.tenantId, node.id, POLL_BATCH)
              if (open.length === 0) return failed
              const at = yield* now
              for (const command of open) {
                const ended: NodeCommand = {
                  ...command,
                  status: "failed",
                  errorCode: "node_revoked",
                  errorMessage: "The node was revoked before it answered.",
                  completedAt: at,
                  updatedAt: at
                }
                if (!(yield* commands.finish(ended))) continue
                failed++
                if (command.runId !== null) yield* runs.wake(command.tenantId, command.runId)
              }
            }
          }),

        dispatch: (skillId, call) =>
          Effect.gen(function* () {
            const asked = yield* commands.findByKey(call.tenantId, call.idempotencyKey)
            if (Option.isSome(asked)) return yield* settle(asked.value)
            const { nodeId, timeoutSeconds, ...params } = call.input as JsonObject
            const id = String(nodeId)
            const found = isUuid(id) ? yield* nodeRows.find(call.tenantId, id.toLowerCase()) : Option.none()
            if (Option.isNone(found)) return yield* new SkillFailed({ message: `No node ${id} in this account.` })
            const node = found.value
            const refused = refusal(node, skillId, params)
            if (refused !== undefined) return yield* new SkillFailed({ message: refused })
            const at = yield* now
            const seconds = typeof timeoutSeconds === "number" ? timeoutSeconds : DEFAULT_COMMAND_SECONDS
            const stored = yield* commands.insertOnce({
              id: randomUuid(crypto),
              tenantId: call.tenantId,
              nodeId: node.id,
              runId: call.runId,
              idempotencyKey: call.idempotencyKey,
              command: skillId,
              params,
              status: "queued",
              deliveries: 0,
              deliveredAt: null,
              expiresAt: new Date(at.getTime() + seconds * 1000),
              output: null,
              data: null,
              mimeType: null,
              errorCode: null,
              errorMessage: null,
              completedAt: null,
              createdAt: at,
              updatedAt: at
            })
            yield* fanOut.publish(nodeTopic(node.id), stored.id)
            return yield* settle(stored)
          })
      }
    })
  )
}
