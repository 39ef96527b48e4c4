import { Effect, Layer } from "effect"
import { groups } from "../http/Implement.js"
import { defineModule } from "../module/ProductModule.js"
import { transactionalDashboardHandlers, transactionalHandlers } from "./TransactionalHandlers.js"
import { ActivityLog, MessageRepository, TemplateRepository } from "./TransactionalRepositories.js"
import { layerTransactionalEmailPipeline } from "./TransactionalEmailPipeline.js"
import { DeliveryReportInbox } from "./DeliveryReportInbox.js"
import { deliveryQueue } from "./TransactionalDelivery.js"
import { TransactionalService } from "./TransactionalService.js"
import { transactionalProducts } from "./TransactionalProducts.js"
import { transactionalServiceLayer } from "./TransactionalServiceLayer.js"
import { transactionalSettings } from "./TransactionalSettings.js"
import { transactionalSkills } from "./TransactionalSkills.js"
import { unsubscribeHandlers } from "./UnsubscribeHandlers.js"

/**
 * Transactional email: templates, sends from a template or inline over API keys with
 * transactional:send, delivery as jobs on the platform's queue, the activity ledger's view and
 * statistics for the dashboard; its send path is the email pipeline other modules send through.
 */
export const transactional = defineModule({
  name: "transactional",
  products: transactionalProducts,
  settings: transactionalSettings,
  groups: groups(transactionalHandlers, transactionalDashboardHandlers, unsubscribeHandlers),
  services: Layer.merge(
    layerTransactionalEmailPipeline.pipe(Layer.provideMerge(transactionalServiceLayer)),
    DeliveryReportInbox.layer
  ),
  memory: Layer.merge(
    TemplateRepository.layerMemory,
    MessageRepository.layerMemory.pipe(Layer.provideMerge(ActivityLog.layerMemory))
  ),
  workers: [
    {
      queue: deliveryQueue,
      concurrency: 50,
      handle: (job) =>
        Effect.flatMap(TransactionalService, (service) =>
          service.deliver(String(job.payload.tenantId), String(job.payload.messageId), job.attempt)
        )
    }
  ],
  // Postmark keeps a message's content 45 days by default; the envelope, status and logs stay.
  retention: [
    {
      kind: "transactional.content",
      product: "transactional",
      description:
        "The bodies (HTML and text) of messages sent, failed or suppressed, from when they were accepted; their recipients, subjects, statuses and logs stay",
      defaultDays: 45,
      prune: (before, limit, tenantId) =>
        Effect.flatMap(MessageRepository, (messages) => messages.pruneContent(before, limit, tenantId))
    }
  ],
  skills: transactionalSkills,
  development: {
    product: "transactional",
    scopes: ["transactional:send"],
    tryIt: (baseUrl, key) =>
      `curl -H "Authorization: Bearer ${key}" -H "content-type: application/json" -d '{"to":["you@example.com"],"subject":"Hello","text":"It works."}' ${baseUrl}/v1/transactional/messages`
  }
})
