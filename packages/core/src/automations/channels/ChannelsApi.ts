import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
import { Timestamp, Uuid, UuidText, withReason, withoutNul } from "../../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { ValidationFailed } from "../../platform/Errors.js"
import { ChannelNotFound } from "../AutomationsErrors.js"
import { CHANNEL_TYPES, MAX_CHANNEL_NAME, MIN_INBOUND_SECRET } from "./Channel.js"
import { DEFAULT_PAGE_SIZE, MAX_INBOUND_TEXT, MAX_PAGE_SIZE } from "./ChannelService.js"
import { CHANNEL_SECRET_HEADER, ChannelInboundAuth } from "../hooks/HookAuth.js"
import { RunJson } from "../runs/RunsApi.js"

export const ChannelJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  type: Schema.Literal(...CHANNEL_TYPES),
  config_json: Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations({
    description: "The type's settings; the inbound secret is never shown."
  }),
  hasInboundSecret: Schema.Boolean,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "Channel",
  description:
    'Where messages go out (`deliver` steps, `channel.deliver`) and come in (`/channels/{id}/inbound`). `webhook`: a POST of `{ event: "channel.message", channelId, content, runId }` to `config_json.url`, signed like chat webhooks (`X-Service-Signature`: hex HMAC-SHA256 of `<X-Service-Timestamp>.<body>` keyed with the inbound secret). `email`: an email to `config_json.to` (optional `subject`) through Transactional. `chat`: a message in the Live Chat conversation `config_json.conversationId`.'
})

const ChannelBody = Schema.Struct({
  name: withReason(withoutNul(Schema.String), `must be 1 to ${MAX_CHANNEL_NAME} characters`),
  type: withReason(Schema.Literal(...CHANNEL_TYPES), `must be one of ${CHANNEL_TYPES.join(", ")}`),
  config_json: withReason(
    Schema.Record({ key: Schema.String, value: Schema.Unknown }),
    `must be a JSON object of the type's settings, with an optional inboundSecret (at least ${MIN_INBOUND_SECRET} characters)`
  )
})

const InboundBody = Schema.Struct({
  text: withReason(withoutNul(Schema.String), `must be 1 to ${MAX_INBOUND_TEXT} characters`).pipe(
    Schema.minLength(1, { message: () => `must be 1 to ${MAX_INBOUND_TEXT} characters` }),
    Schema.maxLength(MAX_INBOUND_TEXT, { message: () => `must be 1 to ${MAX_INBOUND_TEXT} characters` })
  ),
  peer: Schema.optional(
    withReason(withoutNul(Schema.String), "must be 1 to 200 characters").pipe(
      Schema.minLength(1, { message: () => "must be 1 to 200 characters" }),
      Schema.maxLength(200, { message: () => "must be 1 to 200 characters" })
    )
  ),
  payload: Schema.optional(
    withReason(Schema.Record({ key: Schema.String, value: Schema.Unknown }), "must be a JSON object")
  ),
  idempotencyKey: Schema.optional(
    withReason(withoutNul(Schema.String), "must be 1 to 255 characters").pipe(
      Schema.minLength(1, { message: () => "must be 1 to 255 characters" }),
      Schema.maxLength(255, { message: () => "must be 1 to 255 characters" })
    )
  )
})

const Id = Schema.Struct({ id: Uuid })

/** Channels over API keys with automations:manage. */
export class ChannelsApi extends HttpApiGroup.make("automationChannels")
  .add(
    HttpApiEndpoint.get("listChannels", "/automations/channels")
      .setUrlParams(PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE))
      .addSuccess(PageJson(ChannelJson, "ChannelPage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List channels")
  )
  .add(
    HttpApiEndpoint.post("createChannel", "/automations/channels")
      .setPayload(ChannelBody)
      .addSuccess(ChannelJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Create a channel")
      .annotate(
        OpenApi.Description,
        `\`config_json.inboundSecret\` (at least ${MIN_INBOUND_SECRET} characters, no spaces) lets \`/channels/{id}/inbound\` be called with it; it is encrypted at rest and never shown again. A webhook channel needs one (it signs what the channel sends) and a URL the outbound client may reach.`
      )
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "automations:manage")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations channels")
  .annotate(
    OpenApi.Description,
    "Channels messages go out through and come in by (API key, scope automations:manage)."
  ) {}

export const ChannelInboundJson = Schema.Struct({
  channelId: UuidText,
  runs: Schema.Array(RunJson)
}).annotations({ identifier: "ChannelInbound" })

/** A channel's inbound messages, by the channel's secret or an API key. */
export class ChannelInboundApi extends HttpApiGroup.make("automationChannelInbound")
  .add(
    HttpApiEndpoint.post("channelInbound", "/automations/channels/:id/inbound")
      .setPath(Id)
      .setHeaders(
        Schema.Struct({
          [CHANNEL_SECRET_HEADER]: Schema.optional(Schema.String).annotations({
            description: "The channel's inbound secret, instead of an API key."
          })
        })
      )
      .setPayload(InboundBody)
      .addSuccess(ChannelInboundJson)
      .addError(ValidationFailed)
      .addError(ChannelNotFound)
      .annotate(OpenApi.Summary, "Post an inbound message to a channel")
      .annotate(
        OpenApi.Description,
        'Authenticated by `X-Service-Channel-Secret` (a wrong secret, or a channel without one, is a 401 `invalid_channel_secret` and stores nothing) or by an API key with automations:manage. Starts a run of each active workflow whose trigger is `{ type: "channel", channelId }` of this channel, with `{{context}}` the text (framed as untrusted for models) and `{{payload.*}}` the body\'s `payload` with `channelId`, `peer` and `text`. An agent step without instructions of its own is routed by `peer:` and `channel:` route keys; a `deliver` step to `{{payload.channelId}}` answers where the message came from. The same `idempotencyKey` starts no second run.'
      )
  )
  .middleware(ChannelInboundAuth)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations channel inbound")
  .annotate(OpenApi.Description, "Messages coming in through a channel (channel secret or API key).") {}
