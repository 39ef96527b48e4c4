import { Effect } from "effect"
import type { SecretCrypto } from "../../platform/Crypto.js"
import { invalidField } from "../../platform/Errors.js"
import { type JsonObject, isJsonObject as isObject } from "../records/Workflow.js"

/**
 * A webhook trigger's token (`triggerJson.webhook.token`) is only ever compared, so it is stored
 * as its SHA-256 digest (`webhook.tokenDigest`), like API keys: the answer that sets it shows it
 * once, later reads say `webhook: { hasToken: true }`. A write may send `{ hasToken: true }` to
 * keep the token the workflow has.
 */

/** The shortest token a webhook trigger accepts. */
export const MIN_WEBHOOK_TOKEN = 16

/** The digest of the trigger's token, if it has one. */
export const hookTokenDigest = (trigger: JsonObject | undefined): string | undefined => {
  const webhook = trigger?.webhook
  return isObject(webhook) && typeof webhook.tokenDigest === "string" ? webhook.tokenDigest : undefined
}

/** A trigger as stored: a token given is replaced by its digest, `{ hasToken: true }` by the current one's. */
export const sealHookToken = (
  crypto: SecretCrypto["Type"],
  trigger: JsonObject,
  current?: JsonObject
): Effect.Effect<{ readonly trigger: JsonObject; readonly token?: string }, ReturnType<typeof invalidField>> => {
  const webhook = trigger.webhook
  if (!isObject(webhook)) return Effect.succeed({ trigger })
  const token = webhook.token
  if (typeof token === "string") {
    return Effect.map(crypto.sha256Hex(token), (tokenDigest) => ({
      trigger: { ...trigger, webhook: { tokenDigest } },
      token
    }))
  }
  const kept = hookTokenDigest(current)
  if (webhook.hasToken === true && kept !== undefined) {
    return Effect.succeed({ trigger: { ...trigger, webhook: { tokenDigest: kept } } })
  }
  if (webhook.hasToken === true) {
    return Effect.fail(invalidField("triggerJson.webhook.token", "is required: the workflow has no token to keep"))
  }
  return Effect.succeed({ trigger })
}

/** A stored trigger as answered: `hasToken` instead of the digest, and the token itself when it was just set. */
export const triggerReadout = (trigger: JsonObject, token?: string): JsonObject =>
  hookTokenDigest(trigger) === undefined
    ? trigger
    : { ...trigger, webhook: token === undefined ? { hasToken: true } : { hasToken: true, token } }
