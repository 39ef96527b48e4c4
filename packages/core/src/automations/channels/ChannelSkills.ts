import { Clock, Effect, Either, Option } from "effect"
import type { Skill } from "../../module/Skill.js"
import { Text, builtInSkill } from "../../module/SkillInputs.js"
import { SkillFailed } from "../../module/SkillRunner.js"
import { isUuid } from "../../platform/Crypto.js"
import { SecretBox } from "../../platform/SecretBox.js"
import { TenantService } from "../../platform/TenantService.js"
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  signWebhook
} from "../../platform/WebhookSignature.js"
import type { Channel } from "./Channel.js"
import { ChannelRepository } from "./ChannelRepositories.js"
import { SkillRegistry } from "../skills/Skills.js"
import { DELIVER_SKILL } from "../steps/DeliverStep.js"
import type { JsonObject } from "../records/Workflow.js"

/**
 * A message for a channel of this type, as the input of the skill that sends messages on the
 * channel's type (its `messageChannel`: webhook.deliver, email.send, chat.post_message).
 */
const deliveryOf = (
  channel: Channel,
  content: string,
  runId: string,
  idempotencyKey: string,
  secret: string | null,
  unixSeconds: number
): JsonObject => {
  switch (channel.type) {
    case "webhook": {
      const body = { event: "channel.message", channelId: channel.id, content, runId }
      const headers = {
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret ?? "", unixSeconds, JSON.stringify(body)),
        [WEBHOOK_TIMESTAMP_HEADER]: String(unixSeconds),
        [WEBHOOK_DELIVERY_HEADER]: idempotencyKey
      }
      return { url: String(channel.config.url), body, headers }
    }
    case "email":
      return {
        to: channel.config.to as ReadonlyArray<string>,
        subject: typeof channel.config.subject === "string" ? channel.config.subject : `Message from ${channel.name}`,
        text: content
      }
    case "chat":
      return { channelId: String(channel.config.conversationId), content }
  }
}

/**
 * Sends `content` through one of the tenant's channels, by the skill of its type (webhook.deliver
 * signed with the channel's secret, email.send, chat.post_message) under the step's idempotency
 * key. The type's products are needed as if the step called that skill itself.
 */
export const channelDeliver = builtInSkill({
  id: DELIVER_SKILL,
  input: { channelId: Text(200), content: Text(10_000) },
  description: "Delivers through a channel.",
  messageChannel: "channel",
  channelField: "channelId",
  run: (call) =>
    Effect.gen(function* () {
      const channelId = String(call.input.channelId).toLowerCase()
      const content = String(call.input.content ?? "")
      const found = isUuid(channelId) ? yield* (yield* ChannelRepository).find(call.tenantId, channelId) : Option.none()
      if (Option.isNone(found)) return yield* new SkillFailed({ message: `The channel ${channelId} does not exist.` })
      const channel = found.value
      const secret = channel.inboundSecret === null ? null : yield* (yield* SecretBox).open(channel.inboundSecret)
      const seconds = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      const input = deliveryOf(channel, content, call.runId, call.idempotencyKey, secret, seconds)
      const registry = yield* SkillRegistry
      const skillId = [...registry.messageChannels].find(([, type]) => type === channel.type)?.[0]
      const runner = skillId === undefined ? undefined : registry.runner(skillId)
      if (skillId === undefined || runner === undefined) {
        return yield* new SkillFailed({
          message: `The ${channel.type} channel needs ${skillId ?? `a skill that sends ${channel.type} messages`}, which this platform has not installed.`
        })
      }
      const tenant = yield* Effect.either((yield* TenantService).get(call.tenantId))
      const entitlements = Either.isRight(tenant) ? tenant.right.entitlements : []
      const missing = registry.find(skillId)?.requires.find((product) => !entitlements.includes(product))
      if (missing !== undefined) {
        return yield* new SkillFailed({
          message: `The ${channel.type} channel needs the ${missing} product, which the account is not entitled to.`
        })
      }
      const sent = yield* runner.run({ ...call, input })
      return {
        output: { channelId: channel.id, type: channel.type, content, delivery: sent.output },
        outputText: content
      }
    })
})

export const channelSkills: ReadonlyArray<Skill<ChannelRepository | SecretBox | SkillRegistry | TenantService>> = [
  channelDeliver
]
