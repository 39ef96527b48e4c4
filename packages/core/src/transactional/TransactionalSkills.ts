import { Effect, Schema } from "effect"
import type { Skill } from "../module/Skill.js"
import { EmailAddress, Text, builtInSkill } from "../module/SkillInputs.js"
import { SkillFailed } from "../module/SkillRunner.js"
import { TenantService } from "../platform/TenantService.js"
import { AUTOMATIONS_SOURCE } from "./Transactional.js"
import { TransactionalService } from "./TransactionalService.js"

const text = (value: unknown) => (typeof value === "string" ? value : undefined)

/**
 * Transactional's skill for automation steps: `email.send` sends inline content through the
 * same path as the API (one message per recipient, delivered by the mailer's jobs), recorded in
 * the activity ledger with `metadata.source` automations_v1. `body` is plain text, as `text`.
 * The step's idempotency key makes a repeated try of the same attempt send nothing twice.
 */
export const transactionalSkills: ReadonlyArray<Skill<TenantService | TransactionalService>> = [
  builtInSkill({
    id: "email.send",
    requires: ["business_email"],
    input: {
      to: Schema.Array(EmailAddress).pipe(Schema.minItems(1), Schema.maxItems(50)),
      subject: Text(998),
      html: Schema.optional(Text(512 * 1024)),
      text: Schema.optional(Text(512 * 1024)),
      body: Schema.optional(Text(512 * 1024))
    },
    check: (input) =>
      ["html", "text", "body"].every((part) => input[part] === undefined)
        ? { field: "html", reason: "html, text or body is required" }
        : undefined,
    description: "Sends an email through the transactional mailer, logged in the shared activity ledger.",
    messageChannel: "email",
    run: (call) =>
      Effect.gen(function* () {
        const tenant = yield* Effect.flatMap(TenantService, (tenants) => tenants.get(call.tenantId))
        const mail = yield* TransactionalService
        const result = yield* mail.send(
          // A test run's mail goes where a test key's sends go: the test mailbox.
          { tenantId: call.tenantId, environment: call.test === true ? "test" : "live", entitlements: tenant.entitlements },
          {
            source: AUTOMATIONS_SOURCE,
            to: Array.isArray(call.input.to) ? call.input.to.map(String) : [],
            subject: text(call.input.subject),
            html: text(call.input.html),
            text: text(call.input.text) ?? text(call.input.body)
          },
          call.idempotencyKey
        )
        return {
          output: { subject: text(call.input.subject), messages: result.messages },
          outputText: result.messages.map((message) => message.id).join(",")
        }
      }).pipe(Effect.mapError((error) => new SkillFailed({ message: error.message })))
  })
]
