import type { HealthCheck } from "@servicekit/core"
import { Effect } from "effect"
import { KyselyDatabase } from "./Database.js"
import { MIGRATION_TABLE } from "./Migrations.js"
import type { AddedModuleStorage } from "./ModuleStorage.js"
import { allMigrations } from "./Storage.js"

/**
 * Readiness of the database: it answers, and every migration this code knows has been applied,
 * those of the modules in `added` included.
 */
export const databaseHealthCheckWith = (
  added: ReadonlyArray<AddedModuleStorage>
): Effect.Effect<HealthCheck, never, KyselyDatabase> =>
  Effect.map(KyselyDatabase, (database) => {
    const expected = allMigrations(added).map((migration) => migration.name)
    const applied = Effect.tryPromise(() =>
      database.rows<{ name: string }>(`SELECT name FROM "${database.schema}".${MIGRATION_TABLE}`, [])
    ).pipe(
      // The outage log says when the database goes and returns; each probe adds nothing.
      Effect.tapError((error) => Effect.logDebug("readiness: the database does not answer", String(error.cause))),
      Effect.mapError(() => "unreachable")
    )
    return {
      name: "database",
      check: Effect.flatMap(applied, (rows) => {
        const names = new Set(rows.map((row) => row.name))
        return expected.every((name) => names.has(name)) ? Effect.void : Effect.fail("migrations pending")
      })
    }
  })

/** Readiness of the database of a kit of the built-in modules. */
export const databaseHealthCheck: Effect.Effect<HealthCheck, never, KyselyDatabase> = databaseHealthCheckWith([])
