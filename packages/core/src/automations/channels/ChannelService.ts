import { Clock, Context, Effect, Either, Layer, Option } from "effect"
import { SecretCrypto, constantTimeEqual, isUuid, randomUuid } from "../../platform/Crypto.js"
import {
  type PermissionDenied,
  type Unauthenticated,
  type ValidationFailed,
  invalidField,
  unauthenticated
} from "../../platform/Errors.js"
import { type Listed, listPage } from "../../platform/Keyset.js"
import { SecretBox } from "../../platform/SecretBox.js"
import { ServiceKitSettings } from "../../platform/Settings.js"
import { TenantStanding } from "../../platform/TenantStanding.js"
import { WorkflowRepository } from "../records/AutomationsRepositories.js"
import { ChannelNotFound } from "../AutomationsErrors.js"
import {
  CHANNEL_TYPES,
  type Channel,
  type ChannelType,
  MAX_CHANNEL_NAME,
  MAX_INBOUND_SECRET,
  MIN_INBOUND_SECRET,
  configProblem
} from "./Channel.js"
import { ChannelRepository } from "./ChannelRepositories.js"
import type { Run } from "../records/Run.js"
import { unreachable } from "../skills/Skills.js"
import { RunEngine } from "../runs/RunEngine.js"
import type { JsonObject } from "../records/Workflow.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
export const MAX_INBOUND_TEXT = 10_000

export interface ChannelInput {
  readonly name: string
  readonly type: ChannelType
  readonly config_json: JsonObject
}

export interface InboundMessage {
  readonly text: string
  /** Who wrote it: their id at the channel's other end (a `peer:` route key matches it). */
  readonly peer?: string | undefined
  readonly payload?: JsonObject | undefined
  readonly idempotencyKey?: string | undefined
}

/** Who posts an inbound message: an API key's tenant, or the channel's inbound secret, still to be checked. */
export type InboundCaller = { readonly tenantId: string } | { readonly token: string }

/**
 * Channels (`/automations/channels`): created with a type and its settings, the inbound secret
 * sealed at rest and never shown; an inbound message starts the tenant's workflows whose `channel`
 * trigger names the channel.
 */
export class ChannelService extends Context.Tag("@servicekit/core/ChannelService")<
  ChannelService,
  {
    readonly create: (tenantId: string, input: ChannelInput) => Effect.Effect<Channel, ValidationFailed>
    readonly list: (
      tenantId: string,
      query: { readonly limit?: number | undefined; readonly cursor?: string | undefined }
    ) => Effect.Effect<Listed<Channel>, ValidationFailed>
    /** The runs the message started, oldest workflow first (none when no workflow listens). */
    readonly inbound: (
      caller: InboundCaller,
      channelId: string,
      message: InboundMessage
    ) => Effect.Effect<
      ReadonlyArray<Run>,
      ChannelNotFound | Unauthenticated | PermissionDenied | ValidationFailed,
      RunEngine
    >
  }
>() {
  static readonly layer = Layer.effect(
    ChannelService,
    Effect.gen(function* () {
      const channels = yield* ChannelRepository
      const workflows = yield* WorkflowRepository
      const box = yield* SecretBox
      const crypto = yield* SecretCrypto
      const standing = yield* TenantStanding
      const { outboundAllowPrivate } = yield* ServiceKitSettings
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const wrongSecret = unauthenticated(
        "invalid_channel_secret",
        "The channel secret does not match the channel's inbound secret."
      )

      /** The channel an inbound message is for: the key's tenant's, or the one whose secret it carries. */
      const channelOf = (caller: InboundCaller, channelId: string) =>
        Effect.gen(function* () {
          const id = channelId.toLowerCase()
          if ("tenantId" in caller) {
            const found = isUuid(id) ? yield* channels.find(caller.tenantId, id) : Option.none()
            return yield* Option.match(found, {
              onNone: () => Effect.fail(new ChannelNotFound()),
              onSome: Effect.succeed
            })
          }
          const found = isUuid(id) ? yield* channels.findAnywhere(id) : Option.none()
          // An unknown channel and a wrong secret answer alike: a secret's holder learns nothing more.
          if (Option.isNone(found) || found.value.inboundSecret === null) return yield* wrongSecret
          const secret = yield* box.open(found.value.inboundSecret)
          if (!constantTimeEqual(secret, caller.token)) return yield* wrongSecret
          // The secret proves the channel; its tenant must still be in good standing.
          yield* standing.check(found.value.tenantId)
          return found.value
        })

      return {
        create: (tenantId, input) =>
          Effect.gen(function* () {
            if (input.name.trim() === "" || input.name.length > MAX_CHANNEL_NAME || input.name.includes("\u0000")) {
              return yield* invalidField("name", `must be 1 to ${MAX_CHANNEL_NAME} characters without NUL`)
            }
            if (!(CHANNEL_TYPES as ReadonlyArray<string>).includes(input.type)) {
              return yield* invalidField("type", `must be one of ${CHANNEL_TYPES.join(", ")}`)
            }
            const { inboundSecret, ...config } = input.config_json
            if (
              inboundSecret !== undefined &&
              (typeof inboundSecret !== "string" ||
                inboundSecret.length < MIN_INBOUND_SECRET ||
                inboundSecret.length > MAX_INBOUND_SECRET ||
                /[\s\u0000]/.test(inboundSecret))
            ) {
              return yield* invalidField(
                "config_json.inboundSecret",
                `must be ${MIN_INBOUND_SECRET} to ${MAX_INBOUND_SECRET} characters without spaces`
              )
            }
            const problem = configProblem(input.type, config, inboundSecret !== undefined)
            if (problem !== undefined) return yield* invalidField(`config_json.${problem.field}`, problem.reason)
            const refused = input.type === "webhook" ? unreachable(String(config.url), outboundAllowPrivate) : undefined
            if (refused !== undefined) return yield* invalidField("config_json.url", refused)
            const at = yield* now
            const channel: Channel = {
              id: randomUuid(crypto),
              tenantId,
              name: input.name,
              type: input.type,
              config,
              inboundSecret: typeof inboundSecret === "string" ? yield* box.seal(inboundSecret) : null,
              createdAt: at,
              updatedAt: at
            }
            yield* channels.insert(channel)
            return channel
          }),

        list: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => (isUuid(cursor) ? channels.find(tenantId, cursor) : Effect.succeedNone),
            (page) => channels.list(tenantId, page)
          ),

        inbound: (caller, channelId, message) =>
          Effect.gen(function* () {
            const channel = yield* channelOf(caller, channelId)
            const runs = yield* RunEngine
            const listening = yield* workflows.listChannelTriggered(channel.tenantId, channel.id)
            const payload: JsonObject = {
              ...message.payload,
              channelId: channel.id,
              ...(message.peer === undefined ? {} : { peer: message.peer }),
              text: message.text
            }
            const started: Array<Run> = []
            for (const workflow of listening) {
              const run = yield* Effect.either(
                runs.start(
                  channel.tenantId,
                  workflow.id,
                  { context: message.text, payload },
                  { type: "channel", event: null },
                  {
                    // A message a test key brings in starts test runs.
                    test: "test" in caller && caller.test === true,
                    ...(message.idempotencyKey === undefined
                      ? {}
                      : { idempotencyKey: `channel:${channel.id}:${message.idempotencyKey}:${workflow.id}` })
                  }
                )
              )
              if (Either.isRight(run)) started.push(run.right)
              else
                yield* Effect.logDebug(
                  `automations: channel ${channel.id} started no run of ${workflow.id}: ${run.left.message}`
                )
            }
            return started
          })
      }
    })
  )
}
