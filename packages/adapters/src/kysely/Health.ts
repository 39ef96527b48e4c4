import type { HealthCheck } from "@servicekit/core"
import { Effect } from "effect"
import { KyselyDatabase } from "./Database.js"
import { MIGRATION_TABLE } from "./Migrations.js"
import { allMigrations } from "./Storage.js"

/** Readiness of the database: it answers, and every migration this code knows has been applied. */
export const databaseHealthCheck: Effect.Effect<HealthCheck, never, KyselyDatabase> = Effect.map(
  KyselyDatabase,
  (database) => {
    const expected = allMigrations().map((migration) => migration.name)
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
  }
)
