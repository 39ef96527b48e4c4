import type { Widget } from "@servicekit/core/chat"
import {
  type AssignmentMode,
  type FileKind,
  WidgetRepository,
  defaultAssignmentRules,
  defaultFileRules,
  isUuid,
  storedWorkingHours
} from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable, Updateable } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { ChatTables, ChatWidgetsTable } from "./Tables.js"

type Db = Kysely<ChatTables>

const toWidget = (row: Selectable<ChatWidgetsTable>): Widget => ({
  tenantId: row.tenant_id,
  siteKey: row.site_key,
  identitySecret: row.identity_secret,
  identitySecretAt: row.identity_secret_at,
  appearance: {
    displayName: row.display_name,
    accentColor: row.accent_color,
    greeting: row.greeting,
    launcherPosition: row.launcher_position,
    updatedAt: row.appearance_updated_at
  },
  // Null: the defaults of the time.
  fileRules: {
    maxFileBytes: row.file_max_bytes ?? defaultFileRules.maxFileBytes,
    kinds: (row.file_kinds as ReadonlyArray<FileKind> | null) ?? defaultFileRules.kinds
  },
  assignment: {
    mode: (row.assignment_mode as AssignmentMode | null) ?? defaultAssignmentRules.mode,
    capacity: row.assignment_capacity ?? defaultAssignmentRules.capacity
  },
  assignmentCursor: row.assignment_cursor,
  workingHours: storedWorkingHours(row.working_hours),
  createdAt: row.created_at
})

/** The widget's row after `changes`, None without one. */
const change = (database: KyselyConnection, tenantId: string, changes: Updateable<ChatWidgetsTable>) =>
  isUuid(tenantId)
    ? findOne(
        database,
        (db: Db) =>
          db.updateTable("chat_widgets").set(changes).where("tenant_id", "=", tenantId).returningAll().executeTakeFirst(),
        toWidget
      )
    : Effect.succeedNone

export const make = (database: KyselyConnection): WidgetRepository["Type"] =>
  WidgetRepository.of({
    // Two statements: an insert that loses a race waits for the winner to commit, and the select
    // after it (a new snapshot) then sees the winner's widget, which one statement would not.
    ensure: (widget) =>
      Effect.map(
        query(database, async (db: Db) => {
          await db
            .insertInto("chat_widgets")
            .values({ tenant_id: widget.tenantId, site_key: widget.siteKey, created_at: widget.createdAt })
            .onConflict((conflict) => conflict.column("tenant_id").doNothing())
            .execute()
          return db
            .selectFrom("chat_widgets")
            .selectAll()
            .where("tenant_id", "=", widget.tenantId)
            .executeTakeFirstOrThrow()
        }),
        toWidget
      ),

    find: (tenantId) =>
      isUuid(tenantId)
        ? findOne(database, (db: Db) => db.selectFrom("chat_widgets").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst(), toWidget)
        : Effect.succeedNone,

    findBySiteKey: (siteKey) =>
      findOne(
        database,
        (db: Db) => db.selectFrom("chat_widgets").selectAll().where("site_key", "=", siteKey).executeTakeFirst(),
        toWidget
      ),

    setIdentitySecret: (tenantId, sealed, at) =>
      change(database, tenantId, { identity_secret: sealed, identity_secret_at: at }),

    setAppearance: (tenantId, appearance) =>
      change(database, tenantId, {
        display_name: appearance.displayName,
        accent_color: appearance.accentColor,
        greeting: appearance.greeting,
        launcher_position: appearance.launcherPosition,
        appearance_updated_at: appearance.updatedAt
      }),

    setFileRules: (tenantId, rules) =>
      change(database, tenantId, { file_max_bytes: rules.maxFileBytes, file_kinds: [...rules.kinds] }),

    setAssignment: (tenantId, rules) =>
      change(database, tenantId, { assignment_mode: rules.mode, assignment_capacity: rules.capacity }),

    holdForAssignment: (tenantId) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) => db.selectFrom("chat_widgets").selectAll().where("tenant_id", "=", tenantId).forUpdate().executeTakeFirst(),
            toWidget
          )
        : Effect.succeedNone,

    setWorkingHours: (tenantId, hours) =>
      change(database, tenantId, { working_hours: JSON.stringify(hours) }),

    setAssignmentCursor: (tenantId, agentId) => Effect.asVoid(change(database, tenantId, { assignment_cursor: agentId }))
  })

export const layer: Layer.Layer<WidgetRepository, never, KyselyDatabase> = Layer.effect(
  WidgetRepository,
  Effect.map(KyselyDatabase, make)
)
