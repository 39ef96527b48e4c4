import type { NodeCommand } from "@servicekit/core/automations"
import { NodeCommandRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../../Database.js"
import { pruneRows } from "../../RetentionBatch.js"
import type { AutomationNodeCommandsTable, AutomationsTables } from "../Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (command: NodeCommand): Insertable<AutomationNodeCommandsTable> => ({
  tenant_id: command.tenantId,
  id: command.id,
  node_id: command.nodeId,
  run_id: command.runId,
  idempotency_key: command.idempotencyKey,
  command: command.command,
  params: JSON.stringify(command.params),
  status: command.status,
  deliveries: command.deliveries,
  delivered_at: command.deliveredAt,
  expires_at: command.expiresAt,
  output: command.output,
  data: command.data,
  mime_type: command.mimeType,
  error_code: command.errorCode,
  error_message: command.errorMessage,
  completed_at: command.completedAt,
  created_at: command.createdAt,
  updated_at: command.updatedAt
})

const toCommand = (row: Selectable<AutomationNodeCommandsTable>): NodeCommand => ({
  id: row.id,
  tenantId: row.tenant_id,
  nodeId: row.node_id,
  runId: row.run_id,
  idempotencyKey: row.idempotency_key,
  command: row.command,
  params: row.params,
  status: row.status,
  deliveries: row.deliveries,
  deliveredAt: row.delivered_at,
  expiresAt: row.expires_at,
  output: row.output,
  data: row.data,
  mimeType: row.mime_type,
  errorCode: row.error_code,
  errorMessage: row.error_message,
  completedAt: row.completed_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

export const make = (database: KyselyConnection): NodeCommandRepository["Type"] => {
  const findByKey = (tenantId: string, key: string) =>
    isUuid(tenantId)
      ? findOne(
          database,
          (db: Db) =>
            db
              .selectFrom("automation_node_commands")
              .selectAll()
              .where("tenant_id", "=", tenantId)
              .where("idempotency_key", "=", key)
              .executeTakeFirst(),
          toCommand
        )
      : Effect.succeedNone
  return NodeCommandRepository.of({
    // The key's holder when the insert found one: it was stored first, and stays.
    insertOnce: (command) =>
      Effect.flatMap(
        query(database, (db: Db) =>
          db
            .insertInto("automation_node_commands")
            .values(toRow(command))
            .onConflict((conflict) => conflict.constraint("automation_node_commands_tenant_key").doNothing())
            .returningAll()
            .executeTakeFirst()
        ),
        (inserted) =>
          inserted !== undefined
            ? Effect.succeed(toCommand(inserted))
            : Effect.map(findByKey(command.tenantId, command.idempotencyKey), Option.getOrThrow)
      ),
    findByKey,
    find: (tenantId, nodeId, id) =>
      isUuid(tenantId) && isUuid(nodeId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("automation_node_commands")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("node_id", "=", nodeId)
                .where("id", "=", id)
                .executeTakeFirst(),
            toCommand
          )
        : Effect.succeedNone,
    // One statement over automation_node_commands_open_idx; of two polls at once, each row goes to one
    // (the second waits for the first's row lock, then finds it no longer due).
    deliver: (tenantId, nodeId, at, redeliverBefore, limit) =>
      isUuid(tenantId) && isUuid(nodeId)
        ? Effect.map(
            query(database, (db: Db) =>
              sql<Selectable<AutomationNodeCommandsTable>>`
                update ${sql.id(database.schema, "automation_node_commands")} as c
                set status = 'delivered', deliveries = c.deliveries + 1, delivered_at = ${at}, updated_at = ${at}
                where (c.tenant_id, c.id) in (
                  select tenant_id, id from ${sql.id(database.schema, "automation_node_commands")}
                  where tenant_id = ${tenantId} and node_id = ${nodeId} and expires_at > ${at}
                    and (status = 'queued' or (status = 'delivered' and delivered_at < ${redeliverBefore}))
                  order by created_at, id
                  limit ${limit}
                  for update skip locked
                )
                returning c.*
              `.execute(db)
            ),
            (result) =>
              result.rows
                .map(toCommand)
                .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
          )
        : Effect.succeed([]),
    finish: (command) =>
      isUuid(command.tenantId) && isUuid(command.id)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("automation_node_commands")
                .set({
                  status: command.status,
                  output: command.output,
                  data: command.data,
                  mime_type: command.mimeType,
                  error_code: command.errorCode,
                  error_message: command.errorMessage,
                  completed_at: command.completedAt,
                  updated_at: command.updatedAt
                })
                .where("tenant_id", "=", command.tenantId)
                .where("id", "=", command.id)
                .where("status", "in", ["queued", "delivered"])
                .executeTakeFirst()
            ),
            (result) => result.numUpdatedRows > 0n
          )
        : Effect.succeed(false),
    requeue: (command, at) =>
      isUuid(command.tenantId) && isUuid(command.id)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("automation_node_commands")
                .set({ status: "queued", delivered_at: null, updated_at: at })
                .where("tenant_id", "=", command.tenantId)
                .where("id", "=", command.id)
                .where("status", "=", "delivered")
                .where("deliveries", "=", command.deliveries)
                .executeTakeFirst()
            ),
            (result) => result.numUpdatedRows > 0n
          )
        : Effect.succeed(false),
    // A range of automation_node_commands_ended_idx (automation_node_commands_tenant_ended_idx for one tenant).
    pruneEnded: (before, limit, tenantId) =>
      pruneRows(database, {
        table: "automation_node_commands",
        where: sql`status in ('succeeded', 'failed', 'expired') and updated_at < ${before}`,
        orderBy: sql`updated_at`,
        limit,
        tenantId
      }),
    listOpen: (tenantId, nodeId, limit) =>
      isUuid(tenantId) && isUuid(nodeId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_node_commands")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("node_id", "=", nodeId)
                .where("status", "in", ["queued", "delivered"])
                .orderBy("created_at")
                .orderBy("id")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toCommand)
          )
        : Effect.succeed([])
  })
}

export const layer: Layer.Layer<NodeCommandRepository, never, KyselyDatabase> = Layer.effect(
  NodeCommandRepository,
  Effect.map(KyselyDatabase, make)
)
