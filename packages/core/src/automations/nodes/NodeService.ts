import { Clock, Context, Duration, Effect, Layer, Option, Stream } from "effect"
import { FanOut } from "../../jobs/FanOut.js"
import { type SkillCall, SkillFailed, type SkillOutput, SkillPending } from "../../module/SkillRunner.js"
import { SecretCrypto, constantTimeEqual, isUuid, randomBase62, randomOf, randomUuid } from "../../platform/Crypto.js"
import { type Unauthenticated, type ValidationFailed, invalidField, unauthenticated } from "../../platform/Errors.js"
import { type Listed, listPage } from "../../platform/Keyset.js"
import { RunService } from "../RunService.js"
import type { JsonObject } from "../Workflow.js"
import {
  DEFAULT_COMMAND_SECONDS,
  MAX_ALLOWLIST,
  MAX_DATA_BYTES,
  MAX_NODE_NAME,
  MAX_OUTPUT_CHARS,
  NODE_SKILLS,
  type Node,
  type NodeCommand,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_MINUTES,
  REDELIVER_AFTER_SECONDS,
  normalizePairingCode,
  refusal
} from "./Node.js"
import { NodeCommandClosed, NodeCommandNotFound, NodeNotFound } from "./NodeErrors.js"
import { NodeCommandRepository, NodeRepository, OPEN_COMMAND } from "./NodeRepositories.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** Commands one poll hands out at most. */
const POLL_BATCH = 20
/** lastSeenAt is written at most this often by polls and heartbeats of a busy device. */
const SEEN_EVERY_MS = 10_000

export interface NodeSettings {
  readonly allowSystem?: boolean | undefined
  readonly allowBrowser?: boolean | undefined
  readonly allowedBinaries?: ReadonlyArray<string> | undefined
  readonly allowedHosts?: ReadonlyArray<string> | undefined
}

export interface NodeInput extends NodeSettings {
  readonly name: string
}

export interface NodePatch extends NodeSettings {
  readonly name?: string | undefined
}

/** What a device tells of itself on claim and on each heartbeat. */
export interface DeviceReport {
  readonly platform?: string | undefined
  readonly version?: string | undefined
  /** Node skills it can run; names it does not know are left out (a newer client may offer more). */
  readonly capabilities?: ReadonlyArray<string> | undefined
}

export interface CommandResult {
  readonly ok: boolean
  readonly output?: string | undefined
  /** Base64. */
  readonly data?: string | undefined
  readonly mimeType?: string | undefined
  readonly error?: { readonly code: string; readonly message: string } | undefined
}

/** Where a node's devices hear that a command is queued for it. */
export const nodeTopic = (nodeId: string) => `nodes:${nodeId}`

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/
const ERROR_CODE = /^[a-z0-9_.-]{1,64}$/
const HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*$/i

const stopRetrying = "Ask the account for a new pairing code: retrying this one will not work."
const wrongSecret = unauthenticated(
  "invalid_device_secret",
  "The device secret is not valid for this node (it may have been revoked): pair the device again."
)

/**
 * Companion nodes (`/automations/nodes`): created with a pairing code a device claims once for
 * its secret; the device then heartbeats, takes the commands queued for it (a long poll, or a
 * WebSocket push) and posts their results, which wake the runs that wait for them.
 */
export class NodeService extends Context.Tag("@servicekit/core/NodeService")<
  NodeService,
  {
    readonly create: (
      tenantId: string,
      input: NodeInput
    ) => Effect.Effect<{ readonly node: Node; readonly pairingCode: string }, ValidationFailed>
    readonly list: (
      tenantId: string,
      query: { readonly limit?: number | undefined; readonly cursor?: string | undefined }
    ) => Effect.Effect<Listed<Node>, ValidationFailed>
    readonly update: (
      tenantId: string,
      id: string,
      patch: NodePatch
    ) => Effect.Effect<Node, NodeNotFound | ValidationFailed>
    /** Clears the device secret: the device's next call is refused. */
    readonly revoke: (tenantId: string, id: string) => Effect.Effect<Node, NodeNotFound>
    readonly claim: (
      pairingCode: string,
      report: DeviceReport
    ) => Effect.Effect<{ readonly node: Node; readonly deviceSecret: string }, Unauthenticated | ValidationFailed>
    /** The paired node this device secret belongs to (constant-time comparison). */
    readonly device: (nodeId: string, secret: string | undefined) => Effect.Effect<Node, Unauthenticated>
    readonly heartbeat: (
      nodeId: string,
      secret: string | undefined,
      report: DeviceReport
    ) => Effect.Effect<Node, Unauthenticated | ValidationFailed>
    /** The commands due for the node, waiting up to `waitSeconds` for one when none is. */
    readonly poll: (
      nodeId: string,
      secret: string | undefined,
      waitSeconds: number
    ) => Effect.Effect<ReadonlyArray<NodeCommand>, Unauthenticated>
    /** Hands out the commands due for a node already authenticated (a WebSocket's). */
    readonly due: (node: Node) => Effect.Effect<ReadonlyArray<NodeCommand>>
    /** Stores a command's result, once, and queues the run waiting for it. */
    readonly complete: (
      nodeId: string,
      secret: string | undefined,
      commandId: string,
      result: CommandResult
    ) => Effect.Effect<
      NodeCommand,
      Unauthenticated | NodeCommandNotFound | NodeCommandClosed | ValidationFailed,
      RunService
    >
    /**
     * A node skill: queues the command for the node (once per idempotency key) and waits for its
     * result without holding a worker (SkillPending); called again, answers the result.
     */
    readonly dispatch: (skillId: string, call: SkillCall) => Effect.Effect<SkillOutput, SkillFailed | SkillPending>
  }
>() {
  static readonly layer = Layer.effect(
    NodeService,
    Effect.gen(function* () {
      const nodes = yield* NodeRepository
      const commands = yield* NodeCommandRepository
      const crypto = yield* SecretCrypto
      const fanOut = yield* FanOut
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const findNode = (tenantId: string, id: string) =>
        Effect.flatMap(isUuid(id) ? nodes.find(tenantId, id.toLowerCase()) : Effect.succeedNone, (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new NodeNotFound())
        )

      /** The settings checked and filled in over `base`. */
      const settingsOver = (base: Node, input: NodePatch) =>
        Effect.gen(function* () {
          if (input.name !== undefined) {
            if (input.name.trim() === "" || input.name.length > MAX_NODE_NAME || input.name.includes("\u0000")) {
              return yield* invalidField("name", `must be 1 to ${MAX_NODE_NAME} characters without NUL`)
            }
          }
          const binaries = input.allowedBinaries ?? base.allowedBinaries
          const hosts = input.allowedHosts ?? base.allowedHosts
          if (binaries.length > MAX_ALLOWLIST) {
            return yield* invalidField("allowedBinaries", `must list at most ${MAX_ALLOWLIST} programs`)
          }
          const badBinary = binaries.findIndex(
            (binary) => binary.length === 0 || binary.length > 4096 || /[\u0000\n\r]/.test(binary)
          )
          if (badBinary >= 0) {
            return yield* invalidField(
              `allowedBinaries.${badBinary}`,
              "must be a program name or path of 1 to 4096 characters"
            )
          }
          if (hosts.length > MAX_ALLOWLIST) {
            return yield* invalidField("allowedHosts", `must list at most ${MAX_ALLOWLIST} hosts`)
          }
          const badHost = hosts.findIndex((host) => host.length > 253 || !HOST_PATTERN.test(host))
          if (badHost >= 0) {
            return yield* invalidField(`allowedHosts.${badHost}`, "must be a host name, or *.domain for its subdomains")
          }
          return {
            ...base,
            name: input.name ?? base.name,
            allowSystem: input.allowSystem ?? base.allowSystem,
            allowBrowser: input.allowBrowser ?? base.allowBrowser,
            allowedBinaries: [...new Set(binaries)],
            allowedHosts: [...new Set(hosts.map((host) => host.toLowerCase()))]
          }
        })

      /** The device's report checked: short printable texts, capabilities narrowed to the node skills. */
      const reported = (node: Node, report: DeviceReport) =>
        Effect.gen(function* () {
          for (const field of ["platform", "version"] as const) {
            const value = report[field]
            if (value !== undefined && (value.length > 200 || /[\u0000-\u001f]/.test(value))) {
              return yield* invalidField(field, "must be at most 200 printable characters")
            }
          }
          if (report.capabilities !== undefined && report.capabilities.length > 100) {
            return yield* invalidField("capabilities", "must list at most 100 skills")
          }
          const known: ReadonlyArray<string> = NODE_SKILLS
          return {
            ...node,
            platform: report.platform ?? node.platform,
            version: report.version ?? node.version,
            capabilities:
              report.capabilities === undefined
                ? node.capabilities
                : [...new Set(report.capabilities.filter((skill) => known.includes(skill)))]
          }
        })

      const device = (nodeId: string, secret: string | undefined) =>
        Effect.gen(function* () {
          if (secret === undefined || secret.length === 0 || secret.length > 200 || !isUuid(nodeId)) {
            return yield* wrongSecret
          }
          const found = yield* nodes.findAnywhere(nodeId.toLowerCase())
          const digest = yield* crypto.sha256Hex(secret)
          // The digest is compared even without a node, so the time taken does not tell whether one exists.
          const stored = Option.isSome(found) ? (found.value.deviceSecretDigest ?? "") : ""
          const matches = constantTimeEqual(
            digest,
            stored.length === digest.length ? stored : "x".repeat(digest.length)
          )
          if (Option.isNone(found) || found.value.status !== "paired" || stored === "" || !matches) {
            return yield* wrongSecret
          }
          return found.value
        })

      /** Notes that the device was heard from (at most every SEEN_EVERY_MS, unless `node` changed otherwise). */
      const seen = (node: Node, next: Node = node) =>
        Effect.gen(function* () {
          const at = yield* now
          const stale = node.lastSeenAt === null || at.getTime() - node.lastSeenAt.getTime() >= SEEN_EVERY_MS
          if (!stale && next === node) return node
          const updated: Node = { ...next, lastSeenAt: at, updatedAt: at }
          yield* nodes.update(updated, ["paired"])
          return updated
        })

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
            const node = yield* nodes.find(command.tenantId, command.nodeId)
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
            output: { commandId: command.id, nodeId: command.nodeId, command: command.command, waiting: true }
          })
        })

      return {
        create: (tenantId, input) =>
          Effect.gen(function* () {
            const at = yield* now
            const blank: Node = {
              id: randomUuid(crypto),
              tenantId,
              name: "",
              status: "pending",
              platform: null,
              version: null,
              capabilities: [],
              allowSystem: false,
              allowBrowser: false,
              allowedBinaries: [],
              allowedHosts: [],
              pairingCodeDigest: null,
              pairingExpiresAt: new Date(at.getTime() + PAIRING_MINUTES * 60_000),
              deviceSecretDigest: null,
              pairedAt: null,
              lastSeenAt: null,
              revokedAt: null,
              createdAt: at,
              updatedAt: at
            }
            if (input.name === undefined) return yield* invalidField("name", "is required")
            const settled = yield* settingsOver(blank, input)
            const pairingCode = randomOf(crypto, PAIRING_ALPHABET, PAIRING_CODE_LENGTH)
            const node: Node = { ...settled, pairingCodeDigest: yield* crypto.sha256Hex(pairingCode) }
            yield* nodes.insert(node)
            return { node, pairingCode }
          }),

        list: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => (isUuid(cursor) ? nodes.find(tenantId, cursor) : Effect.succeedNone),
            (page) => nodes.list(tenantId, page)
          ),

        update: (tenantId, id, patch) =>
          Effect.gen(function* () {
            const node = yield* findNode(tenantId, id)
            const updated: Node = { ...(yield* settingsOver(node, patch)), updatedAt: yield* now }
            if (!(yield* nodes.update(updated, [node.status]))) return yield* new NodeNotFound()
            return updated
          }),

        revoke: (tenantId, id) =>
          Effect.gen(function* () {
            const node = yield* findNode(tenantId, id)
            if (node.status === "revoked") return node
            const at = yield* now
            const revoked: Node = { ...node, status: "revoked", deviceSecretDigest: null, revokedAt: at, updatedAt: at }
            yield* nodes.update(revoked, ["pending", "paired"])
            return revoked
          }),

        claim: (pairingCode, report) =>
          Effect.gen(function* () {
            const code = normalizePairingCode(pairingCode)
            const wellFormed =
              code.length === PAIRING_CODE_LENGTH && [...code].every((char) => PAIRING_ALPHABET.includes(char))
            const found = wellFormed ? yield* nodes.findByPairingCode(yield* crypto.sha256Hex(code)) : Option.none()
            if (Option.isNone(found)) {
              return yield* unauthenticated("pairing_code_invalid", `No node has this pairing code. ${stopRetrying}`)
            }
            const node = found.value
            if (node.status !== "pending") {
              return yield* unauthenticated(
                "pairing_code_used",
                `This pairing code was claimed already. ${stopRetrying}`
              )
            }
            const at = yield* now
            if (node.pairingExpiresAt === null || node.pairingExpiresAt <= at) {
              return yield* unauthenticated(
                "pairing_code_expired",
                `This pairing code expired (codes last ${PAIRING_MINUTES} minutes). ${stopRetrying}`
              )
            }
            const deviceSecret = `svk_node_${randomBase62(crypto, 40)}`
            const paired: Node = {
              ...(yield* reported(node, report)),
              status: "paired",
              deviceSecretDigest: yield* crypto.sha256Hex(deviceSecret),
              pairedAt: at,
              lastSeenAt: at,
              updatedAt: at
            }
            // Of two claims at once, one pairs; the other is told the code was used.
            if (!(yield* nodes.update(paired, ["pending"]))) {
              return yield* unauthenticated(
                "pairing_code_used",
                `This pairing code was claimed already. ${stopRetrying}`
              )
            }
            return { node: paired, deviceSecret }
          }),

        device,

        heartbeat: (nodeId, secret, report) =>
          Effect.gen(function* () {
            const node = yield* device(nodeId, secret)
            return yield* seen(node, yield* reported(node, report))
          }),

        poll: (nodeId, secret, waitSeconds) =>
          Effect.gen(function* () {
            const node = yield* seen(yield* device(nodeId, secret))
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

        due,

        complete: (nodeId, secret, commandId, result) =>
          Effect.gen(function* () {
            const node = yield* device(nodeId, secret)
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
            const runs = yield* RunService
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
            yield* seen(node)
            return finished
          }),

        dispatch: (skillId, call) =>
          Effect.gen(function* () {
            const asked = yield* commands.findByKey(call.tenantId, call.idempotencyKey)
            if (Option.isSome(asked)) return yield* settle(asked.value)
            const { nodeId, timeoutSeconds, ...params } = call.input as JsonObject
            const id = String(nodeId)
            const found = isUuid(id) ? yield* nodes.find(call.tenantId, id.toLowerCase()) : Option.none()
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
