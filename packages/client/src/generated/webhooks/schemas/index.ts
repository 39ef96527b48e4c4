// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { WebhooksWebhooksSchemas } from "./webhooks.js"
import type { WebhooksDeliveriesSchemas } from "./deliveries.js"
import type { WebhooksCommonSchemas } from "./common.js"
import type { WebhooksRecoverSchemas } from "./recover.js"
import type { WebhooksEventsSchemas } from "./events.js"

export interface WebhooksSchemas extends WebhooksWebhooksSchemas, WebhooksDeliveriesSchemas, WebhooksCommonSchemas, WebhooksRecoverSchemas, WebhooksEventsSchemas {}
