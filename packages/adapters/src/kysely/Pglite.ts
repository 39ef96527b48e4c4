import { access, mkdir, rm } from "node:fs/promises"
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

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false
  )

/** A snapshot of a database that a new one may start from instead of running initdb. */
export interface InitialData {
  readonly snapshot: () => Promise<Blob>
  /** Forgets a snapshot PGlite could not start from, so that the next new database makes another. */
  readonly discard: () => Promise<void>
}

/**
 * A new database from `initial`'s snapshot, else from initdb: a snapshot that cannot be made or
 * started from leaves initdb and the migrations to run (and report any real cause).
 */
const openPglite = async (dataDir: string | undefined, initial: InitialData | undefined) => {
  // PGlite creates its own folder but not the folders above it.
  if (dataDir !== undefined) await mkdir(dirname(dataDir), { recursive: true })
  const folderExisted = dataDir !== undefined && (await exists(dataDir))
  if (initial === undefined || (dataDir !== undefined && (await exists(join(dataDir, "PG_VERSION"))))) {
    return PGlite.create(dataDir)
  }
  const snapshot = await initial.snapshot().catch(() => undefined)
  if (snapshot !== undefined) {
    try {
      return await PGlite.create({ dataDir, loadDataDir: snapshot })
    } catch {
      await initial.discard()
      // What the snapshot left of a folder this start created goes with it.
      if (dataDir !== undefined && !folderExisted) await rm(dataDir, { recursive: true, force: true })
    }
  }
  return PGlite.create(dataDir)
}

/** Kysely (and direct SQL) on an embedded PGlite, closed with the layer's scope. */
export const layerDatabase = (
  options: PgliteOptions,
  /** What a new database starts from, when not from initdb. */
  initial?: InitialData
): Layer.Layer<KyselyDatabase, DatabaseUnavailable> =>
  Layer.scoped(
    KyselyDatabase,
    Effect.acquireRelease(
      Effect.tryPromise({
        try: () => openPglite(options.dataDir, initial),
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
