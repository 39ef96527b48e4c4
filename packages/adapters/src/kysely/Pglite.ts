import { PGlite } from "@electric-sql/pglite"
import { Effect, Layer } from "effect"
import { Kysely } from "kysely"
import { PGliteDialect } from "kysely-pglite-dialect"
import { type Database, KyselyDatabase } from "./Database.js"

export interface PgliteOptions {
  /** Folder holding the database files; undefined keeps the database in memory. */
  readonly dataDir: string | undefined
}

/** Kysely on an embedded PGlite, closed with the layer's scope. */
export const layerDatabase = (options: PgliteOptions) =>
  Layer.scoped(
    KyselyDatabase,
    Effect.acquireRelease(
      Effect.tryPromise(() => PGlite.create(options.dataDir)),
      (pglite) => Effect.promise(() => pglite.close())
    ).pipe(
      // The scope owns PGlite: Kysely adds no resource of its own, so it needs no destroy().
      Effect.map((pglite) => new Kysely<Database>({ dialect: new PGliteDialect(pglite) }))
    )
  )
