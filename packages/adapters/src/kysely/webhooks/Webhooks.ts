import type { WebhookDeliveryRepository, WebhookSubscriptionRepository } from "@servicekit/core/internal"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Repositories from "./WebhookRepositories.js"

/**
 * Webhook subscriptions, their deliveries and attempts. The tables were made by chat's migrations
 * before webhooks were a module of their own (see chat/Chat.ts): the webhooks' own migrations,
 * none yet, run after them.
 */
export const webhooksStorage: KyselyModuleStorage<WebhookSubscriptionRepository | WebhookDeliveryRepository> = {
  dependsOn: ["chat"],
  migrations: {},
  layer: Repositories.layer
}
