import { Clock, Effect, Either, Option } from "effect"
import { SkillFailed, type SkillRunner } from "../module/SkillRunner.js"
import { isUuid } from "../platform/Crypto.js"
import { SecretBox } from "../platform/SecretBox.js"
import { TenantService } from "../platform/TenantService.js"
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  signWebhook
} from "../platform/WebhookSignature.js"
import type { Channel } from "./Channel.js"
import { ChannelRepository } from "./ChannelRepositories.js"
import { SkillRegistry } from "./Skills.js"
import type { JsonObject } from "./Workflow.js"

/** The skill that carries a message through a channel of this type, and its input. */
const deliveryOf = (
  channel: Channel,
  content: string,
  runId: string,
  idempotencyKey: string,
  secret: string | null,
  unixSeconds: number
): { readonly skillId: string; readonly input: JsonObject } => {
  switch (channel.type) {
    case "webhook": {
      const body = { event: "channel.message", channelId: channel.id, content, runId }
      const headers = {
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret ?? "", unixSeconds, JSON.stringify(body)),
        [WEBHOOK_TIMESTAMP_HEADER]: String(unixSeconds),
        [WEBHOOK_DELIVERY_HEADER]: idempotencyKey
      }
      return { skillId: "webhook.deliver", input: { url: String(channel.config.url), body, headers } }
    }
    case "email":
      return {
        skillId: "email.send",
        input: {
          to: channel.config.to as ReadonlyArray<string>,
          subject: typeof channel.config.subject === "string" ? channel.config.subject : `Message from ${channel.name}`,
          text: content
        }
      }
    case "chat":
      return { skillId: "chat.post_message", input: { channelId: String(channel.config.conversationId), content } }
  }
}

/**
 * Sends `content` through one of the tenant's channels, by the skill of its type (webhook.deliver
 * signed with the channel's secret, email.send, chat.post_message) under the step's idempotency
 * key. The type's products are needed as if the step called that skill itself.
 */
const channelDeliver: SkillRunner = {
  id: "channel.deliver",
  run: (call) =>
    Effect.gen(function* () {
      const channelId = String(call.input.channelId).toLowerCase()
      const content = String(call.input.content ?? "")
      const found = isUuid(channelId) ? yield* (yield* ChannelRepository).find(call.tenantId, channelId) : Option.none()
      if (Option.isNone(found)) return yield* new SkillFailed({ message: `The channel ${channelId} does not exist.` })
      const channel = found.value
      const secret = channel.inboundSecret === null ? null : yield* (yield* SecretBox).open(channel.inboundSecret)
      const seconds = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      const via = deliveryOf(channel, content, call.runId, call.idempotencyKey, secret, seconds)
      const registry = yield* SkillRegistry
      const runner = registry.runner(via.skillId)
      if (runner === undefined) {
        return yield* new SkillFailed({
          message: `The ${channel.type} channel needs ${via.skillId}, which this platform has not installed.`
        })
      }
      const tenant = yield* Effect.either((yield* TenantService).get(call.tenantId))
      const entitlements = Either.isRight(tenant) ? tenant.right.entitlements : []
      const missing = registry.find(via.skillId)?.requires.find((product) => !entitlements.includes(product))
      if (missing !== undefined) {
        return yield* new SkillFailed({
          message: `The ${channel.type} channel needs the ${missing} product, which the account is not entitled to.`
        })
      }
      const sent = yield* runner.run({ ...call, input: via.input })
      return {
        output: { channelId: channel.id, type: channel.type, content, delivery: sent.output },
        outputText: content
      }
    })
}

export const channelSkills: ReadonlyArray<SkillRunner> = [channelDeliver]
