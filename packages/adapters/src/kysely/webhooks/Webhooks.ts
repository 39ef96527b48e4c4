import type { WebhookDeliveryRepository, WebhookSubscriptionRepository } from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Deliveries from "./Deliveries.js"
import * as Subscriptions from "./Subscriptions.js"
import * as endpointControls from "./migrations/webhooks/0001_endpoint_controls.js"
import * as retention from "./migrations/webhooks/0002_retention.js"
import * as retentionByTenant from "./migrations/webhooks/0003_retention_by_tenant.js"

/**
 * Webhook subscriptions, their deliveries and attempts. The tables were made by chat's migrations
 * before webhooks were a module of their own (see chat/Chat.ts): the webhooks' own migrations run
 * after them.
 */
export const webhooksStorage: KyselyModuleStorage<WebhookSubscriptionRepository | WebhookDeliveryRepository> = {
  dependsOn: ["chat"],
  migrations: {
    "webhooks/0001_endpoint_controls": endpointControls,
    "webhooks/0002_retention": retention,
    "webhooks/0003_retention_by_tenant": retentionByTenant
  },
  // Attempts and deliveries first: they reference their subscription.
  tenantTables: [{ table: "webhook_attempts" }, { table: "webhook_deliveries" }, { table: "webhook_subscriptions" }],
  layer: Layer.merge(Subscriptions.layer, Deliveries.layer)
}
