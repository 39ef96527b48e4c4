import { Effect, Layer } from "effect"
import { EmailPipeline } from "../module/EmailPipeline.js"
import { TransactionalService } from "./TransactionalService.js"

/**
 * Transactional's send path as the platform's email pipeline: one inline plain-text message to one
 * recipient, live, stored in the caller's unit of work and delivered by Transactional's jobs.
 */
export const layerTransactionalEmailPipeline: Layer.Layer<EmailPipeline, never, TransactionalService> = Layer.effect(
  EmailPipeline,
  Effect.map(TransactionalService, (transactional) =>
    EmailPipeline.of({
      send: (sender, email) =>
        transactional
          .sendWithin(
            { tenantId: sender.tenantId, environment: "live", entitlements: sender.entitlements, noticeOf: sender.noticeOf },
            { source: email.source, to: [email.to], subject: email.subject, text: email.text }
          )
          .pipe(
            // Inline content names no template.
            Effect.catchTag("TemplateNotFound", Effect.die),
            Effect.map((result) => ({ messageId: result.messages[0]!.id }))
          )
    })
  )
)
