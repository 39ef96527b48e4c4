import { Effect } from "effect"
import { SkillFailed, type SkillRunner } from "../module/SkillRunner.js"
import { OutboundHttp } from "../platform/OutboundHttp.js"

/** How long a partner may take to answer `webhook.deliver`. */
const DELIVER_TIMEOUT = "15 seconds"

const logWrite: SkillRunner = {
  id: "log.write",
  run: (call) => {
    const message = String(call.input.message ?? "")
    return Effect.succeed({ output: { message }, outputText: message })
  }
}

/**
 * POSTs the step's `body` as JSON through the guarded client, with the step's idempotency key
 * (the same on a repeated try of the same attempt) so the partner can drop a duplicate.
 */
const webhookDeliver: SkillRunner = {
  id: "webhook.deliver",
  run: (call) =>
    Effect.flatMap(OutboundHttp, (http) =>
      http
        .post({
          url: String(call.input.url),
          headers: {
            ...(call.input.headers as Record<string, string> | undefined),
            "content-type": "application/json",
            "idempotency-key": call.idempotencyKey
          },
          body: JSON.stringify(call.input.body ?? {}),
          timeout: DELIVER_TIMEOUT
        })
        .pipe(
          Effect.mapError(
            (error) => new SkillFailed({ message: `The partner could not be reached: ${error.message}` })
          ),
          Effect.flatMap((response) => {
            if (response.status < 200 || response.status >= 300) {
              return Effect.fail(new SkillFailed({ message: `The partner answered HTTP ${response.status}.` }))
            }
            let body: unknown = response.body
            try {
              body = response.body === "" ? null : JSON.parse(response.body)
            } catch {
              // Not JSON: kept as text.
            }
            return Effect.succeed({ output: { status: response.status, body }, outputText: response.body })
          })
        )
    )
}

/** The skills the automations module runs itself. */
export const automationSkills: ReadonlyArray<SkillRunner> = [logWrite, webhookDeliver]
