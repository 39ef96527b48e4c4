import type { GrowthConversationRepository, GrowthMessageRepository } from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Conversations from "./Conversations.js"
import * as Messages from "./Messages.js"
import * as migration0023 from "./migrations/0023_growth_conversations.js"

/** Growth conversations and their messages. */
export const growthStorage: KyselyModuleStorage<GrowthConversationRepository | GrowthMessageRepository> = {
  // Its tables reference accounts' tenants.
  dependsOn: ["accounts"],
  migrations: { "0023_growth_conversations": migration0023 },
  // Messages first: they reference their conversation.
  tenantTables: [{ table: "growth_messages" }, { table: "growth_conversations" }],
  layer: Layer.merge(Conversations.layer, Messages.layer)
}
