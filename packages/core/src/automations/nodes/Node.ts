import type { JsonObject } from "../records/Workflow.js"

/** The records of companion nodes: devices a tenant pairs to run node skills (files, programs, a browser). */

/** pending: created, its pairing code not yet claimed; paired: the device holds a secret; revoked: cut off. */
export const NODE_STATUSES = ["pending", "paired", "revoked"] as const
export type NodeStatus = (typeof NODE_STATUSES)[number]

export interface Node {
  readonly id: string
  readonly tenantId: string
  readonly name: string
  readonly status: NodeStatus
  /** What the device reported of itself (e.g. `linux x64`, its client version). */
  readonly platform: string | null
  readonly version: string | null
  /** The node skills the device says it can run. */
  readonly capabilities: ReadonlyArray<string>
  /** May run `system.run`, for a binary in `allowedBinaries` only. */
  readonly allowSystem: boolean
  /** May run `browser.*`, on hosts in `allowedHosts` only. */
  readonly allowBrowser: boolean
  readonly allowedBinaries: ReadonlyArray<string>
  readonly allowedHosts: ReadonlyArray<string>
  /** SHA-256 of the pairing code, kept once claimed so that a second claim is told it was used. */
  readonly pairingCodeDigest: string | null
  readonly pairingExpiresAt: Date | null
  /** SHA-256 of the device secret; null before the claim and once revoked. */
  readonly deviceSecretDigest: string | null
  readonly pairedAt: Date | null
  readonly lastSeenAt: Date | null
  /**
   * Since when ServiceKit has found the paired device offline (not heard from for the offline time,
   * `nodeOfflineMs`); null while it is heard from, and once it is heard from again.
   */
  readonly offlineSince: Date | null
  readonly revokedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** queued: waiting for the device; delivered: handed to it; then how it ended (expired: no result in time). */
export const COMMAND_STATUSES = ["queued", "delivered", "succeeded", "failed", "expired"] as const
export type CommandStatus = (typeof COMMAND_STATUSES)[number]

/** A node skill a run asked a node to run, and what came back. */
export interface NodeCommand {
  readonly id: string
  readonly tenantId: string
  readonly nodeId: string
  readonly runId: string | null
  /** The asking step's (or agent turn's) idempotency key: the same step asks once. */
  readonly idempotencyKey: string
  /** The skill, e.g. `system.run`. */
  readonly command: string
  /** The skill's input without `nodeId` and `timeoutSeconds`: exactly what the device runs. */
  readonly params: JsonObject
  readonly status: CommandStatus
  /** How many times it was handed to the device (again after a delivery that went unanswered). */
  readonly deliveries: number
  readonly deliveredAt: Date | null
  /** A result after this is refused and the step fails. */
  readonly expiresAt: Date
  readonly output: string | null
  /** Base64, e.g. a PNG screenshot. */
  readonly data: string | null
  readonly mimeType: string | null
  readonly errorCode: string | null
  readonly errorMessage: string | null
  readonly completedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** The skills a node runs, which a device may offer (its capabilities). */
export const NODE_SKILLS = [
  "node.ping",
  "node.files_list",
  "node.files_read",
  "node.capture_screen",
  "node.capture_camera",
  "node.capture_audio",
  "system.run",
  "browser.navigate",
  "browser.screenshot",
  "browser.click",
  "browser.type",
  "browser.evaluate",
  "browser.content"
] as const
export type NodeSkillId = (typeof NODE_SKILLS)[number]

export const PAIRING_MINUTES = 15
/** 31 characters without look-alikes (no 0/O, 1/I/L): 8 of them are about 40 bits, and claims are rate-limited. */
export const PAIRING_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
export const PAIRING_CODE_LENGTH = 8
export const MAX_NODE_NAME = 200
export const MAX_ALLOWLIST = 100
/** The skills a node may report it can run. */
export const MAX_CAPABILITIES = 100
/** How long a command waits for a result unless its step says (`timeoutSeconds`). */
export const DEFAULT_COMMAND_SECONDS = 120
export const MAX_COMMAND_SECONDS = 3_600
/** A delivered command still unanswered after this is handed out again (its device may have died). */
export const REDELIVER_AFTER_SECONDS = 60
/** How long GET /commands waits for a command unless asked (`wait`), and at most. */
export const DEFAULT_POLL_SECONDS = 25
export const MAX_POLL_SECONDS = 60
export const MAX_OUTPUT_CHARS = 256 * 1024
/** Decoded bytes of a result's `data`; the request, base64 and all, must fit the host's 1 MiB body limit. */
export const MAX_DATA_BYTES = 640 * 1024

/** Where a node's open sockets and long polls hear that a command is queued or the node changed. */
export const nodeTopic = (nodeId: string) => `nodes:${nodeId}`
/** The signal on a node's topic when its settings changed or it was revoked (a queued command sends its id). */
export const NODE_CHANGED = "changed"

/** A command as its device receives it, over the long poll or the WebSocket. */
export const commandJson = (command: NodeCommand) => ({
  id: command.id,
  command: command.command,
  params: command.params,
  deliveries: command.deliveries,
  expiresAt: command.expiresAt,
  createdAt: command.createdAt
})

/** What the node may do, for the device to enforce as well: answered to heartbeats, pushed to sockets. */
export const nodeSettingsJson = (node: Node) => ({
  id: node.id,
  name: node.name,
  capabilities: node.capabilities,
  allowSystem: node.allowSystem,
  allowBrowser: node.allowBrowser,
  allowedBinaries: node.allowedBinaries,
  allowedHosts: node.allowedHosts
})

/** A pairing code as typed: case and separators do not matter. */
export const normalizePairingCode = (text: string) => text.toUpperCase().replace(/[\s-]/g, "")

/** `ABCD-EFGH`, as shown to people. */
export const displayPairingCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`

/** What a node skill needs beyond the node being paired: the node's permission, if any. */
const permissionOf = (skillId: string): "system" | "browser" | undefined =>
  skillId === "system.run" ? "system" : skillId.startsWith("browser.") ? "browser" : undefined

/** Whether `host` is allowed by `patterns`: exact names, or `*.example.com` for its subdomains. */
export const hostAllowed = (host: string, patterns: ReadonlyArray<string>) => {
  const name = host.toLowerCase()
  return patterns.some((pattern) => {
    const allowed = pattern.toLowerCase()
    return allowed.startsWith("*.") ? name.endsWith(allowed.slice(1)) : name === allowed
  })
}

/**
 * Why this node may not run the skill with this input, or undefined: it must be paired and offer
 * the skill; `system.run` needs allowSystem and argv[0] on the binary allowlist (exactly as
 * listed); `browser.*` needs allowBrowser, and a navigation's host must be on the host allowlist
 * (the device checks the page it is on for the other browser commands).
 */
export const refusal = (node: Node, skillId: string, params: JsonObject): string | undefined => {
  if (node.status !== "paired") {
    return `The node ${node.name} is ${node.status === "revoked" ? "revoked" : "not paired yet"}.`
  }
  if (!node.capabilities.includes(skillId)) {
    const offered = node.capabilities.length === 0 ? "none" : node.capabilities.join(", ")
    return `The node ${node.name} does not offer ${skillId} (it offers: ${offered}).`
  }
  const permission = permissionOf(skillId)
  if (permission === "system") {
    if (!node.allowSystem) return `The node ${node.name} does not allow system.run (allowSystem is false).`
    const binary = Array.isArray(params.argv) ? String(params.argv[0]) : ""
    if (!node.allowedBinaries.includes(binary)) {
      return `The node ${node.name} does not allow the program ${binary} (not on its allowedBinaries).`
    }
  }
  if (permission === "browser") {
    if (!node.allowBrowser) return `The node ${node.name} does not allow ${skillId} (allowBrowser is false).`
    if (skillId === "browser.navigate") {
      const url = typeof params.url === "string" && URL.canParse(params.url) ? new URL(params.url) : undefined
      if (url === undefined || !hostAllowed(url.hostname, node.allowedHosts)) {
        return `The node ${node.name} does not allow opening ${String(params.url)} (its host is not on its allowedHosts).`
      }
    }
  }
  return undefined
}
