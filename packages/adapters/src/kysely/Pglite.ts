import { PGlite } from "@electric-sql/pglite"
import { type Cause, Context, Effect, Layer } from "effect"
import { Kysely } from "kysely"
import { PGliteDialect } from "kysely-pglite-dialect"
import { type Database, KyselyDatabase, SqlRows } from "./Database.js"

export interface PgliteOptions {
  /** Folder holding the database files; undefined keeps the database in memory. */
  readonly dataDir: string | undefined
}

/** Kysely (and direct SQL) on an embedded PGlite, closed with the layer's scope. */
export const layerDatabase = (options: PgliteOptions): Layer.Layer<KyselyDatabase | SqlRows, Cause.UnknownException> =>
  Layer.scopedContext(
    Effect.acquireRelease(
      Effect.tryPromise(() => PGlite.create(options.dataDir)),
      (pglite) => Effect.promise(() => pglite.close())
    ).pipe(
      // The scope owns PGlite: Kysely adds no resource of its own, so it needs no destroy().
      Effect.map((pglite) =>
        Context.make(KyselyDatabase, new Kysely<Database>({ dialect: new PGliteDialect(pglite) })).pipe(
          Context.add(SqlRows, <Row>(sql: string, parameters: ReadonlyArray<unknown>) =>
            pglite.query<Row>(sql, [...parameters]).then((result) => result.rows)
          )
        )
      )
    )
  )
