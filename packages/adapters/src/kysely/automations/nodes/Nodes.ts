import type { Node } from "@servicekit/core/automations"
import { NodeRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { findOne, query } from "../../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../../Database.js"
import { type TenantTable, findInTenant, pageInTenant } from "../../Keyset.js"
import type { AutomationNodesTable, AutomationsTables } from "../Tables.js"

type Db = Kysely<AutomationsTables>

/** The columns that may change after the node's creation. */
const changing = (node: Node) => ({
  name: node.name,
  status: node.status,
  platform: node.platform,
  version: node.version,
  capabilities: JSON.stringify(node.capabilities),
  allow_system: node.allowSystem,
  allow_browser: node.allowBrowser,
  allowed_binaries: JSON.stringify(node.allowedBinaries),
  allowed_hosts: JSON.stringify(node.allowedHosts),
  pairing_code_digest: node.pairingCodeDigest,
  pairing_expires_at: node.pairingExpiresAt,
  device_secret_digest: node.deviceSecretDigest,
  paired_at: node.pairedAt,
  last_seen_at: node.lastSeenAt,
  offline_since: node.offlineSince,
  revoked_at: node.revokedAt,
  updated_at: node.updatedAt
})

const toRow = (node: Node): Insertable<AutomationNodesTable> => ({
  tenant_id: node.tenantId,
  id: node.id,
  ...changing(node),
  created_at: node.createdAt
})

const toNode = (row: Selectable<AutomationNodesTable>): Node => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  status: row.status,
  platform: row.platform,
  version: row.version,
  capabilities: row.capabilities,
  allowSystem: row.allow_system,
  allowBrowser: row.allow_browser,
  allowedBinaries: row.allowed_binaries,
  allowedHosts: row.allowed_hosts,
  pairingCodeDigest: row.pairing_code_digest,
  pairingExpiresAt: row.pairing_expires_at,
  deviceSecretDigest: row.device_secret_digest,
  pairedAt: row.paired_at,
  lastSeenAt: row.last_seen_at,
  offlineSince: row.offline_since,
  revokedAt: row.revoked_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationNodesTable>, Node> = { name: "automation_nodes", toRecord: toNode }

export const make = (database: KyselyConnection): NodeRepository["Type"] =>
  NodeRepository.of({
    find: (tenantId, id) => findInTenant(database, table, tenantId, id),
    // automation_nodes_id_idx.
    findAnywhere: (id) =>
      isUuid(id)
        ? findOne(
            database,
            (db: Db) => db.selectFrom("automation_nodes").selectAll().where("id", "=", id).executeTakeFirst(),
            toNode
          )
        : Effect.succeedNone,
    // automation_nodes_pairing_code_idx.
    findByPairingCode: (digest) =>
      findOne(
        database,
        (db: Db) =>
          db.selectFrom("automation_nodes").selectAll().where("pairing_code_digest", "=", digest).executeTakeFirst(),
        toNode
      ),
    list: (tenantId, page) => pageInTenant(database, table, tenantId, page),
    insert: (node) =>
      Effect.asVoid(query(database, (db: Db) => db.insertInto("automation_nodes").values(toRow(node)).execute())),
    update: (node, from) =>
      isUuid(node.tenantId) && isUuid(node.id) && from.length > 0
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("automation_nodes")
                .set(changing(node))
                .where("tenant_id", "=", node.tenantId)
                .where("id", "=", node.id)
                .where("status", "in", from)
                .executeTakeFirst()
            ),
            (result) => result.numUpdatedRows > 0n
          )
        : Effect.succeed(false),
    // Across tenants, by design: a range of automation_nodes_online_seen_idx, marked in one update.
    markOffline: (seenBefore, at, limit) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .updateTable("automation_nodes")
            .set({ offline_since: at })
            .where("id", "in", (eb) =>
              eb
                .selectFrom("automation_nodes")
                .select("id")
                .where("status", "=", "paired")
                .where("offline_since", "is", null)
                .where("last_seen_at", "<", seenBefore)
                .orderBy("last_seen_at")
                .limit(limit)
            )
            .where("status", "=", "paired")
            .where("offline_since", "is", null)
            .where("last_seen_at", "<", seenBefore)
            .returningAll()
            .execute()
        ),
        (rows) => rows.map(toNode).sort((a, b) => a.lastSeenAt!.getTime() - b.lastSeenAt!.getTime())
      )
  })

export const layer: Layer.Layer<NodeRepository, never, KyselyDatabase> = Layer.effect(
  NodeRepository,
  Effect.map(KyselyDatabase, make)
)
