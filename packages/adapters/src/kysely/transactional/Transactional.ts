import type { ActivityLog, MessageRepository, TemplateRepository } from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Activity from "./Activity.js"
import * as Messages from "./Messages.js"
import * as migration0008 from "./migrations/0008_transactional.js"
import * as migration0014 from "./migrations/0014_email_message_source.js"
import * as queuedMessagesMigration from "./migrations/transactional/0001_queued_messages.js"
import * as messageStreamMigration from "./migrations/transactional/0002_message_stream.js"
import * as templateSenderMigration from "./migrations/transactional/0003_template_sender.js"
import * as messageReportsMigration from "./migrations/transactional/0004_message_reports.js"
import * as contentRetentionMigration from "./migrations/transactional/0005_content_retention.js"
import * as Templates from "./Templates.js"

/** Email templates, the messages sent with them and the shared activity ledger of delivery attempts. */
export const transactionalStorage: KyselyModuleStorage<TemplateRepository | MessageRepository | ActivityLog> = {
  // Its tables reference accounts' tenants.
  dependsOn: ["accounts"],
  migrations: {
    "0008_transactional": migration0008,
    "0014_email_message_source": migration0014,
    "transactional/0001_queued_messages": queuedMessagesMigration,
    "transactional/0002_message_stream": messageStreamMigration,
    "transactional/0003_template_sender": templateSenderMigration,
    "transactional/0004_message_reports": messageReportsMigration,
    "transactional/0005_content_retention": contentRetentionMigration
  },
  tenantTables: [{ table: "activity_log" }, { table: "email_messages" }, { table: "email_templates" }],
  layer: Layer.mergeAll(Templates.layer, Messages.layer, Activity.layer)
}
