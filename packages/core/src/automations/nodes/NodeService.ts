import { Clock, Context, Effect, Layer, Option } from "effect"
import { EventBus } from "../../jobs/EventBus.js"
import { FanOut } from "../../jobs/FanOut.js"
import { SecretCrypto, constantTimeEqual, isUuid, randomBase62, randomOf, randomUuid } from "../../platform/Crypto.js"
import {
  type PermissionDenied,
  type Unauthenticated,
  type ValidationFailed,
  invalidField,
  unauthenticated
} from "../../platform/Errors.js"
import { TenantStanding } from "../../platform/TenantStanding.js"
import { type Listed, listPage } from "../../platform/Keyset.js"
import { ServiceKitSettings } from "../../platform/Settings.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import {
  MAX_ALLOWLIST,
  MAX_CAPABILITIES,
  MAX_NODE_NAME,
  NODE_SKILLS,
  type Node,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_MINUTES,
  NODE_CHANGED,
  nodeTopic,
  normalizePairingCode
} from "./Node.js"
import { NodeNotFound } from "./NodeErrors.js"
import { nodeOfflineEvent } from "./NodeEvents.js"
import { NodeRepository } from "./NodeRepositories.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** lastSeenAt is written at most this often by polls and heartbeats of a busy device. */
const SEEN_EVERY_MS = 10_000
/** The most nodes one sweep marks offline; the next sweep takes the rest. */
const SWEEP_LIMIT = 1_000

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

/** Why a device's call is refused: a wrong secret (401), or its tenant suspended (403). */
export type DeviceRefused = Unauthenticated | PermissionDenied

/** What a device tells of itself on claim and on each heartbeat. */
export interface DeviceReport {
  readonly platform?: string | undefined
  readonly version?: string | undefined
  /** Node skills it can run; names it does not know are left out (a newer client may offer more). */
  readonly capabilities?: ReadonlyArray<string> | undefined
}

const HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*$/i

const stopRetrying = "Ask the account for a new pairing code: retrying this one will not work."
const wrongSecret = unauthenticated(
  "invalid_device_secret",
  "The device secret is not valid for this node (it may have been revoked): pair the device again."
)

/**
 * Companion nodes (`/automations/nodes`): created with a pairing code a device claims once for
 * its secret, changed and revoked by the account; the device authenticates with its secret and
 * heartbeats. The commands it runs are NodeCommandService's.
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
    ) => Effect.Effect<{ readonly node: Node; readonly deviceSecret: string }, DeviceRefused | ValidationFailed>
    /** The paired node this device secret belongs to (constant-time comparison). */
    readonly device: (nodeId: string, secret: string | undefined) => Effect.Effect<Node, DeviceRefused>
    /** Notes that the device was heard from (lastSeenAt, written at most every 10 s). */
    readonly seen: (node: Node) => Effect.Effect<Node>
    readonly heartbeat: (
      nodeId: string,
      secret: string | undefined,
      report: DeviceReport
    ) => Effect.Effect<Node, DeviceRefused | ValidationFailed>
    /**
     * Marks offline the paired nodes of every tenant not heard from for `nodeOfflineMs`, and sends
     * each one's `node.offline` in the same unit of work; how many it marked.
     */
    readonly sweepOffline: Effect.Effect<number>
  }
>() {
  static readonly layer = Layer.effect(
    NodeService,
    Effect.gen(function* () {
      const nodes = yield* NodeRepository
      const crypto = yield* SecretCrypto
      const standing = yield* TenantStanding
      const fanOut = yield* FanOut
      const unit = yield* UnitOfWork
      const bus = yield* EventBus
      const { nodeOfflineMs } = yield* ServiceKitSettings
      /** Tells the node's open sockets to look again: its settings changed, or it was revoked. */
      const changed = (node: Node) => fanOut.publish(nodeTopic(node.id), NODE_CHANGED)
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
          if (report.capabilities !== undefined && report.capabilities.length > MAX_CAPABILITIES) {
            return yield* invalidField("capabilities", `must list at most ${MAX_CAPABILITIES} skills`)
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
          // Compared even without a node, so the time taken does not tell whether one exists.
          const stored = Option.isSome(found) ? (found.value.deviceSecretDigest ?? "") : ""
          if (!constantTimeEqual(digest, stored) || Option.isNone(found) || found.value.status !== "paired") {
            return yield* wrongSecret
          }
          // A suspended tenant's devices get no command and report nothing until it is resumed.
          yield* standing.check(found.value.tenantId)
          return found.value
        })

      /**
       * Notes that the device was heard from (at most every SEEN_EVERY_MS, unless `node` changed
       * otherwise or was offline: then at once, online again).
       */
      const seen = (node: Node, next: Node = node) =>
        Effect.gen(function* () {
          const at = yield* now
          const stale = node.lastSeenAt === null || at.getTime() - node.lastSeenAt.getTime() >= SEEN_EVERY_MS
          if (!stale && next === node && node.offlineSince === null) return node
          const updated: Node = { ...next, lastSeenAt: at, offlineSince: null, updatedAt: at }
          yield* nodes.update(updated, ["paired"])
          return updated
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
              offlineSince: null,
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
            yield* changed(updated)
            return updated
          }),

        revoke: (tenantId, id) =>
          Effect.gen(function* () {
            const node = yield* findNode(tenantId, id)
            if (node.status === "revoked") return node
            const at = yield* now
            const revoked: Node = { ...node, status: "revoked", deviceSecretDigest: null, revokedAt: at, updatedAt: at }
            yield* nodes.update(revoked, ["pending", "paired"])
            yield* changed(revoked)
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
            yield* standing.check(node.tenantId)
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
        seen,

        heartbeat: (nodeId, secret, report) =>
          Effect.gen(function* () {
            const node = yield* device(nodeId, secret)
            return yield* seen(node, yield* reported(node, report))
          }),

        sweepOffline: unit.withTransaction(
          Effect.gen(function* () {
            const at = yield* now
            const marked = yield* nodes.markOffline(new Date(at.getTime() - nodeOfflineMs), at, SWEEP_LIMIT)
            const events = marked.map((node) => nodeOfflineEvent(randomUuid(crypto), node))
            // Nobody listening (no endpoint receives it): the mark alone is written.
            const heard = yield* bus.heard(events.map((event) => ({ tenantId: event.tenantId, type: event.type })))
            yield* bus.publish(events.filter((_, i) => heard[i]))
            return marked.length
          })
        )
      }
    })
  )
}
