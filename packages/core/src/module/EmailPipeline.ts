import { Context, type Effect } from "effect"
import type { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import type { Product } from "../platform/Products.js"

/** One plain-text email a tenant sends to one recipient. */
export interface PipelineEmail {
  /** `metadata.source` of its delivery attempts in the shared activity ledger, e.g. `growth_conversations_v1`. */
  readonly source: string
  readonly to: string
  readonly subject: string
  readonly text: string
}

/**
 * The platform's durable mail pipeline as other modules use it (Transactional provides it): the
 * email is stored and its delivery queued in the caller's unit of work, so it commits, or rolls
 * back, with the caller's own writes; a job delivers it later, with retries, logging each attempt.
 */
export class EmailPipeline extends Context.Tag("@servicekit/core/EmailPipeline")<
  EmailPipeline,
  {
    /**
     * Accepts the email of a tenant with these entitlements: the id of the stored message (the
     * delivery logs' `metadata.messageId`). The tenant's own mail needs `business_email`; a
     * product's notice to the tenant's end users (Live Chat's replies by email) names it (`noticeOf`)
     * and needs that instead (403 `product_not_entitled`). Content beyond the pipeline's limits is a 400.
     */
    readonly send: (
      sender: {
        readonly tenantId: string
        readonly entitlements: ReadonlyArray<Product>
        readonly noticeOf?: Product | undefined
      },
      email: PipelineEmail
    ) => Effect.Effect<{ readonly messageId: string }, ValidationFailed | PermissionDenied>
  }
>() {}
