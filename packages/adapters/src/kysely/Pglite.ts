import { access, mkdir } from "node:fs/promises"
import { dirname, join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { Effect, Layer } from "effect"
import { Kysely } from "kysely"
import { KyselyDatabase } from "./Database.js"
import { type DatabaseUnavailable, pgliteUnavailable } from "./DatabaseUnavailable.js"
import { PgliteDialect } from "./PgliteDialect.js"

export interface PgliteOptions {
  /** Folder holding the database files; undefined keeps the database in memory. */
  readonly dataDir: string | undefined
  /** ServiceKit's Postgres schema; default `servicekit`. */
  readonly schema?: string | undefined
  /**
   * A folder keeping a snapshot of a new, migrated database (`SERVICEKIT_PGLITE_TEMPLATE_DIR`):
   * a new database starts from it instead of running initdb and every migration. For test suites
   * and CI, which create many databases; an existing database never reads it.
   */
  readonly templateDir?: string | undefined
}

/** Whether `dataDir` holds no database yet (PGlite keeps Postgres's data folder layout there). */
const isNewDatabase = (dataDir: string | undefined) =>
  dataDir === undefined
    ? Promise.resolve(true)
    : access(join(dataDir, "PG_VERSION")).then(
        () => false,
        () => true
      )

/** Kysely (and direct SQL) on an embedded PGlite, closed with the layer's scope. */
export const layerDatabase = (
  options: PgliteOptions,
  /** The data folder a new database starts from, when not from initdb. */
  initialData?: () => Promise<Blob>
): Layer.Layer<KyselyDatabase, DatabaseUnavailable> =>
  Layer.scoped(
    KyselyDatabase,
    Effect.acquireRelease(
      Effect.tryPromise({
        // PGlite creates its own folder but not the folders above it.
        try: async () => {
          if (options.dataDir !== undefined) await mkdir(dirname(options.dataDir), { recursive: true })
          // A snapshot that cannot be made or read leaves initdb and the migrations to report the cause.
          const loadDataDir =
            initialData !== undefined && (await isNewDatabase(options.dataDir))
              ? await initialData().catch(() => undefined)
              : undefined
          return PGlite.create({ dataDir: options.dataDir, loadDataDir })
        },
        catch: (cause) => pgliteUnavailable(options.dataDir, cause)
      }),
      (pglite) => Effect.promise(() => pglite.close())
    ).pipe(
      // The scope owns PGlite: Kysely adds no resource of its own, so it needs no destroy().
      Effect.map((pglite) => {
        const schema = options.schema ?? "servicekit"
        return {
          db: new Kysely<any>({ dialect: new PgliteDialect(pglite) }).withSchema(schema),
          schema,
          rows: <Row>(sql: string, parameters: ReadonlyArray<unknown>) =>
            pglite.query<Row>(sql, [...parameters]).then((result) => result.rows),
          // PGlite runs several statements only through exec, which takes no parameters.
          execute: (sql: string, parameters: ReadonlyArray<unknown> = []) =>
            parameters.length > 0
              ? pglite.query(sql, [...parameters])
              : pglite.exec(sql).then((results) => ({ rows: results.at(-1)?.rows ?? [] })),
          singleConnection: true
        }
      })
    )
  )
