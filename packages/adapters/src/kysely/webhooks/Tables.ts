import type { DeliveryStatus } from "@servicekit/core/webhooks"

export interface WebhookSubscriptionsTable {
  readonly tenant_id: string
  readonly id: string
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly products: ReadonlyArray<string>
  readonly rate_per_second: number | null
  /** When a throttled subscription's next send may go; kept apart from the record (see reserveSend). */
  readonly throttled_until: Date | null
  readonly paused_at: Date | null
  readonly description: string | null
  readonly sealed_secret: string
  readonly active: boolean
  readonly disabled_reason: string | null
  readonly failing_since: Date | null
  readonly paused_until: Date | null
  readonly created_at: Date
  readonly updated_at: Date
}

export interface WebhookDeliveriesTable {
  readonly tenant_id: string
  readonly id: string
  readonly subscription_id: string
  readonly event_id: string
  readonly event: string
  readonly body: string
  readonly status: DeliveryStatus
  readonly attempts: number
  readonly next_attempt_at: Date | null
  readonly created_at: Date
  readonly updated_at: Date
}

export interface WebhookAttemptsTable {
  readonly tenant_id: string
  readonly id: string
  readonly subscription_id: string
  readonly delivery_id: string
  readonly event_id: string
  readonly event: string
  readonly attempt: number
  readonly status_code: number | null
  readonly duration_ms: number
  readonly error: string | null
  readonly response_body: string | null
  readonly next_retry_at: Date | null
  readonly created_at: Date
}

export interface WebhookTables {
  readonly webhook_subscriptions: WebhookSubscriptionsTable
  readonly webhook_deliveries: WebhookDeliveriesTable
  readonly webhook_attempts: WebhookAttemptsTable
}
