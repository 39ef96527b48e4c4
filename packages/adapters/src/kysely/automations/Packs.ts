import type { PackInstallation, PackVersion } from "@servicekit/core/automations"
import { PackRepository, type PackVersionSummary, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { AutomationSkillInstallsTable, AutomationSkillPacksTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

// Bytewise, as JavaScript compares the memory fake's ids: the database's collation may not be.
const byPackId = sql`pack_id collate "C"`

const toVersion = (row: Selectable<AutomationSkillPacksTable>): PackVersion => ({
  tenantId: row.tenant_id,
  packId: row.pack_id,
  version: row.version,
  digest: row.digest,
  summary: row.summary,
  content: row.content,
  createdAt: row.created_at
})

const toInstallation = (row: Selectable<AutomationSkillInstallsTable>): PackInstallation => ({
  tenantId: row.tenant_id,
  packId: row.pack_id,
  version: row.version,
  digest: row.digest,
  installedAt: row.installed_at,
  updatedAt: row.updated_at
})

export const make = (database: KyselyConnection): PackRepository["Type"] =>
  PackRepository.of({
    insertVersion: (version) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .insertInto("automation_skill_packs")
            .values({
              tenant_id: version.tenantId,
              pack_id: version.packId,
              version: version.version,
              digest: version.digest,
              summary: JSON.stringify(version.summary),
              content: JSON.stringify(version.content),
              created_at: version.createdAt
            })
            .onConflict((conflict) => conflict.columns(["tenant_id", "pack_id", "version"]).doNothing())
            .executeTakeFirst()
        ),
        (result) => Number(result.numInsertedOrUpdatedRows ?? 0) === 1
      ),
    findVersion: (tenantId, packId, version) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("automation_skill_packs")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("pack_id", "=", packId)
                .where("version", "=", version)
                .executeTakeFirst(),
            toVersion
          )
        : Effect.succeedNone,
    versions: (tenantId) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_skill_packs")
                .select(["tenant_id", "pack_id", "version", "digest", "summary", "created_at"])
                .where("tenant_id", "=", tenantId)
                .orderBy(byPackId)
                .orderBy("created_at", "asc")
                .execute()
            ),
            (rows) =>
              rows.map((row): PackVersionSummary => ({
                tenantId: row.tenant_id,
                packId: row.pack_id,
                version: row.version,
                digest: row.digest,
                summary: row.summary,
                createdAt: row.created_at
              }))
          )
        : Effect.succeed([]),
    findInstallation: (tenantId, packId) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("automation_skill_installs")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("pack_id", "=", packId)
                .executeTakeFirst(),
            toInstallation
          )
        : Effect.succeedNone,
    saveInstallation: (installation) =>
      Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_skill_installs")
            .values({
              tenant_id: installation.tenantId,
              pack_id: installation.packId,
              version: installation.version,
              digest: installation.digest,
              installed_at: installation.installedAt,
              updated_at: installation.updatedAt
            })
            .onConflict((conflict) =>
              conflict.columns(["tenant_id", "pack_id"]).doUpdateSet({
                version: installation.version,
                digest: installation.digest,
                installed_at: installation.installedAt,
                updated_at: installation.updatedAt
              })
            )
            .execute()
        )
      ),
    installations: (tenantId) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_skill_installs")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .orderBy(byPackId)
                .execute()
            ),
            (rows) => rows.map(toInstallation)
          )
        : Effect.succeed([])
  })

export const layer: Layer.Layer<PackRepository, never, KyselyDatabase> = Layer.effect(
  PackRepository,
  Effect.map(KyselyDatabase, make)
)
