import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
import { DocumentedSecurity } from "../../http/DocumentAnnotations.js"
import { Integer, QueryInteger, Timestamp, Uuid, UuidText, cappedList, withReason, withoutNul } from "../../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { UpgradeRequired } from "../../http/WebSocket.js"
import { PermissionDenied, Unauthenticated, ValidationFailed } from "../../platform/Errors.js"
import {
  COMMAND_STATUSES,
  DEFAULT_COMMAND_SECONDS,
  DEFAULT_POLL_SECONDS,
  MAX_ALLOWLIST,
  MAX_CAPABILITIES,
  MAX_DATA_BYTES,
  MAX_NODE_NAME,
  MAX_OUTPUT_CHARS,
  MAX_POLL_SECONDS,
  NODE_SKILLS,
  NODE_STATUSES,
  PAIRING_MINUTES,
  REDELIVER_AFTER_SECONDS
} from "./Node.js"
import { NodeDeviceAuth } from "./NodeDeviceAuth.js"
import { NodeCommandClosed, NodeCommandNotFound, NodeNotFound } from "./NodeErrors.js"
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./NodeService.js"

const Texts = Schema.Array(Schema.String)

export const NodeJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  status: Schema.Literal(...NODE_STATUSES),
  platform: Schema.NullOr(Schema.String),
  version: Schema.NullOr(Schema.String),
  capabilities: Texts.annotations({ description: "The node skills the device says it can run." }),
  allowSystem: Schema.Boolean,
  allowBrowser: Schema.Boolean,
  allowedBinaries: Texts.annotations({ description: "Programs `system.run` may start, as `argv[0]` names them." }),
  allowedHosts: Texts.annotations({ description: "Hosts `browser.*` may open: exact names, or `*.domain`." }),
  pairingExpiresAt: Schema.NullOr(Timestamp),
  pairedAt: Schema.NullOr(Timestamp),
  lastSeenAt: Schema.NullOr(Timestamp),
  offlineSince: Schema.NullOr(Timestamp).annotations({
    description:
      "Since when the paired device is offline: not heard from for SERVICEKIT_NODE_OFFLINE_SECONDS (90 by default; `node.offline` was sent then). Null while it is heard from."
  }),
  revokedAt: Schema.NullOr(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "Node",
  description: "A companion device: `pending` until its pairing code is claimed, then `paired`, `revoked` once cut off."
})

export const CreatedNodeJson = Schema.extend(
  NodeJson,
  Schema.Struct({
    pairingCode: Schema.String.annotations({
      description: `8 characters (no look-alikes; case and dashes ignored), valid ${PAIRING_MINUTES} minutes, claimable once. Shown only here.`
    })
  })
).annotations({ identifier: "CreatedNode" })

const ClaimedNodeJson = Schema.extend(
  NodeJson,
  Schema.Struct({
    deviceSecret: Schema.String.annotations({
      description: "The device's credential for the device routes. Shown only here; stored as a digest."
    })
  })
).annotations({ identifier: "ClaimedNode" })

const Name = withReason(withoutNul(Schema.String), `must be 1 to ${MAX_NODE_NAME} characters`)
const Allowlist = (reason: string) => cappedList(Schema.String, MAX_ALLOWLIST, reason, "entries")
const Settings = {
  allowSystem: Schema.optional(withReason(Schema.Boolean, "must be true or false")),
  allowBrowser: Schema.optional(withReason(Schema.Boolean, "must be true or false")),
  allowedBinaries: Schema.optional(Allowlist(`must be a list of at most ${MAX_ALLOWLIST} program names or paths`)),
  allowedHosts: Schema.optional(Allowlist(`must be a list of at most ${MAX_ALLOWLIST} host names`))
}

const Report = {
  platform: Schema.optional(withReason(Schema.String, "must be a string")),
  version: Schema.optional(withReason(Schema.String, "must be a string")),
  capabilities: Schema.optional(cappedList(Schema.String, MAX_CAPABILITIES, "must be a list of skill ids", "skills"))
}

export const SettingsDescription = `\`allowSystem\` lets the node run \`system.run\` for the programs in \`allowedBinaries\` (matched exactly against \`argv[0]\`); \`allowBrowser\` lets it run \`browser.*\` on the hosts in \`allowedHosts\` (\`example.com\`, or \`*.example.com\` for subdomains). Both are off by default. \`system.run\`, \`browser.navigate\` and \`browser.evaluate\` also wait for an approval unless a tool profile opts out.`

const CommandJson = Schema.Struct({
  id: UuidText,
  command: Schema.String.annotations({ description: `A node skill: ${NODE_SKILLS.join(", ")}.` }),
  params: Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
    description: "The skill's input without `nodeId`: e.g. `argv` for system.run, `url` for browser.navigate."
  }),
  deliveries: Integer,
  expiresAt: Timestamp,
  createdAt: Timestamp
}).annotations({ identifier: "NodeCommand" })

const ResultBody = Schema.Struct({
  ok: withReason(Schema.Boolean, "must be true or false"),
  output: Schema.optional(withReason(Schema.String, `must be a string of at most ${MAX_OUTPUT_CHARS} characters`)),
  data: Schema.optional(withReason(Schema.String, `must be base64 of at most ${MAX_DATA_BYTES} bytes`)),
  mimeType: Schema.optional(withReason(Schema.String, "must be a media type such as image/png")),
  error: Schema.optional(
    Schema.Struct({
      code: withReason(Schema.String, "must be 1 to 64 of a-z, 0-9, _ . -"),
      message: withReason(Schema.String, "must be at most 2000 characters")
    })
  )
})

const ResultJson = Schema.Struct({
  id: UuidText,
  status: Schema.Literal(...COMMAND_STATUSES),
  completedAt: Schema.NullOr(Timestamp)
}).annotations({ identifier: "NodeCommandResult" })

const HeartbeatJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  capabilities: Texts,
  allowSystem: Schema.Boolean,
  allowBrowser: Schema.Boolean,
  allowedBinaries: Texts,
  allowedHosts: Texts
}).annotations({ identifier: "NodeHeartbeat", description: "What the node may do, for the device to enforce as well." })

/** The bodies of `POST` and `PATCH /automations/nodes`, which the dashboard's routes take too. */
export const CreateNodeBody = Schema.Struct({ name: Name, ...Settings })
export const UpdateNodeBody = Schema.Struct({ name: Schema.optional(Name), ...Settings })

const Id = Schema.Struct({ id: Uuid })

/** Companion nodes, managed with an API key with automations:manage. */
export class NodesApi extends HttpApiGroup.make("automationNodes")
  .add(
    HttpApiEndpoint.get("listNodes", "/automations/nodes")
      .setUrlParams(PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE))
      .addSuccess(PageJson(NodeJson, "NodePage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List companion nodes")
      .annotate(OpenApi.Description, "Newest first; `lastSeenAt` is the device's last heartbeat, poll or result.")
  )
  .add(
    HttpApiEndpoint.post("createNode", "/automations/nodes")
      .setPayload(CreateNodeBody)
      .addSuccess(CreatedNodeJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Create a node and its pairing code")
      .annotate(
        OpenApi.Description,
        `Answers the node with a \`pairingCode\` valid ${PAIRING_MINUTES} minutes, shown once: the device claims it at \`/automations/nodes/claim\` (\`servicekit node pair <url> <code>\`). ${SettingsDescription}`
      )
  )
  .add(
    HttpApiEndpoint.patch("updateNode", "/automations/nodes/:id")
      .setPath(Id)
      .setPayload(UpdateNodeBody)
      .addSuccess(NodeJson)
      .addError(ValidationFailed)
      .addError(NodeNotFound)
      .annotate(OpenApi.Summary, "Change what a node may do")
      .annotate(OpenApi.Description, `${SettingsDescription} A list given replaces the stored one.`)
  )
  .add(
    HttpApiEndpoint.del("revokeNode", "/automations/nodes/:id")
      .setPath(Id)
      .addSuccess(NodeJson)
      .addError(NodeNotFound)
      .annotate(OpenApi.Summary, "Revoke a node")
      .annotate(
        OpenApi.Description,
        "Clears the device secret: the device's next call is refused (401 `invalid_device_secret`) and its WebSocket closes (4401). The node stays listed as `revoked`; its commands still open fail at once (`node_revoked`), and so do the steps waiting for them."
      )
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "automations:manage")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations nodes")
  .annotate(OpenApi.Description, "Companion devices that run node skills (API key, scope automations:manage).") {}

/** A device claiming its pairing code: the code is the only credential. */
export class NodeClaimApi extends HttpApiGroup.make("automationNodeClaim")
  .add(
    HttpApiEndpoint.post("claimNode", "/automations/nodes/claim")
      .setPayload(
        Schema.Struct({
          pairingCode: withReason(Schema.String.pipe(Schema.maxLength(32)), "must be the 8-character pairing code"),
          ...Report
        })
      )
      .addSuccess(ClaimedNodeJson)
      .addError(ValidationFailed)
      .addError(Unauthenticated)
      .addError(PermissionDenied)
      .annotate(OpenApi.Summary, "Claim a pairing code (the device)")
      .annotate(
        OpenApi.Description,
        "Answers the node and its `deviceSecret`, once. An unknown, used or expired code is a 401 (`pairing_code_invalid`, `pairing_code_used`, `pairing_code_expired`) whose message tells the device to stop retrying; a 403 `tenant_suspended` while the node's tenant is suspended leaves the code as it was. Claims are rate-limited per client address (by default 20 a minute). The device may report its `platform`, `version` and `capabilities` (node skills it can run; others are ignored)."
      )
  )
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations node pairing")
  .annotate(OpenApi.Description, "A device trading its pairing code for its secret; no API key.") {}

const deviceSecret = {
  type: "http",
  scheme: "bearer",
  description: "A paired node's device secret, as `Authorization: Bearer`"
}

const DeviceAuthDescription =
  "Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`)."

/** The device's side: heartbeats, commands and their results, by the device secret. */
export class NodeDeviceApi extends HttpApiGroup.make("automationNodeDevice")
  .add(
    HttpApiEndpoint.post("nodeHeartbeat", "/automations/nodes/:id/heartbeat")
      .setPath(Id)
      .setPayload(Schema.Struct(Report))
      .addSuccess(HeartbeatJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Heartbeat (the device)")
      .annotate(
        OpenApi.Description,
        `${DeviceAuthDescription} Records that the device is alive (\`lastSeenAt\`) and what it reports; answers what the node may do, which the device enforces too.`
      )
  )
  .add(
    HttpApiEndpoint.get("nodeCommands", "/automations/nodes/:id/commands")
      .setPath(Id)
      .setUrlParams(
        Schema.Struct({
          wait: Schema.optional(
            QueryInteger(0, MAX_POLL_SECONDS, `must be a whole number of seconds from 0 to ${MAX_POLL_SECONDS}`)
          )
        })
      )
      .addSuccess(Schema.Struct({ data: Schema.Array(CommandJson) }).annotations({ identifier: "NodeCommands" }))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Take the commands due (the device; long poll)")
      .annotate(
        OpenApi.Description,
        `${DeviceAuthDescription} Answers as soon as commands are due, oldest first (at most 20), or an empty list after \`wait\` seconds (default ${DEFAULT_POLL_SECONDS}). A command handed out and still unanswered after ${REDELIVER_AFTER_SECONDS} s is handed out again (\`deliveries\` counts): a device runs each command id once. A command has ${DEFAULT_COMMAND_SECONDS} s for its result unless its step sets \`timeoutSeconds\`.`
      )
  )
  .add(
    HttpApiEndpoint.post("nodeCommandResult", "/automations/nodes/:id/commands/:commandId/result")
      .setPath(Schema.Struct({ id: Uuid, commandId: Uuid }))
      .setPayload(ResultBody)
      .addSuccess(ResultJson)
      .addError(ValidationFailed)
      .addError(NodeCommandNotFound)
      .addError(NodeCommandClosed)
      .annotate(OpenApi.Summary, "Post a command's result (the device)")
      .annotate(
        OpenApi.Description,
        `${DeviceAuthDescription} \`ok\` with \`output\` (text, at most ${MAX_OUTPUT_CHARS} characters, no NUL) and \`data\` (base64, at most ${MAX_DATA_BYTES} bytes decoded, e.g. a PNG with \`mimeType\`), or \`ok: false\` with \`error: { code, message }\`. Stored once (a second result: 409 \`command_finished\`; after the command's time: 409 \`command_expired\`); the run waiting for it goes on.`
      )
  )
  .add(
    HttpApiEndpoint.get("nodeSocket", "/automations/nodes/:id/ws")
      .setPath(Id)
      .addSuccess(
        HttpApiSchema.Empty(101).annotations({ description: "Switching Protocols: the device's socket is open" })
      )
      .addError(UpgradeRequired)
      .annotate(DocumentedSecurity, {
        schemes: {
          deviceSecret,
          deviceQuerySecret: {
            type: "apiKey",
            in: "query",
            name: "secret",
            description: "A paired node's device secret as `?secret=`, for WebSocket clients that cannot set headers"
          }
        },
        anyOf: ["deviceSecret", "deviceQuerySecret"]
      })
      .annotate(OpenApi.Summary, "Commands pushed over a WebSocket (the device)")
      .annotate(
        OpenApi.Description,
        `The device secret as \`?secret=\` (for clients that cannot set headers) or \`Authorization: Bearer\`; a wrong, revoked or other node's secret: 401 before the upgrade. On the native Node and Bun hosts (426 elsewhere). The server sends JSON text messages: \`{"type":"settings","node":{...}}\` on open and whenever the node's settings change (as a heartbeat answers them), and \`{"type":"commands","data":[...]}\` as commands fall due, in the long poll's shape; results go to the result route. The device may send \`{"type":"ping"}\` (answered \`{"type":"pong"}\`). When the secret stops working (revoked) the socket closes with code 4401. Commands pushed to a socket that closes before their result are queued again at once for the next socket or long poll, and a device runs each command id once. The long poll stays available beside the socket.`
      )
  )
  .middleware(NodeDeviceAuth)
  .annotate(DocumentedSecurity, { schemes: { deviceSecret }, anyOf: ["deviceSecret"] })
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations node devices")
  .annotate(OpenApi.Description, "What a paired device calls, with its device secret.") {}
