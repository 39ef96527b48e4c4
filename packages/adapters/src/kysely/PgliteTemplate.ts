import { createHash } from "node:crypto"
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { Effect } from "effect"
import { Kysely } from "kysely"
import { type NamedMigration, migrate } from "./Migrations.js"
import type { InitialData } from "./Pglite.js"
import { PgliteDialect } from "./PgliteDialect.js"

/** Snapshots kept in a template folder: the newest few, so checkouts at other migrations keep theirs. */
const KEPT_TEMPLATES = 5

/** The installed PGlite's version (its package exports no package.json, so it is read beside its entry). */
const pgliteVersion = async () => {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite")
  const manifest = JSON.parse(await readFile(join(dirname(entry), "..", "package.json"), "utf8"))
  return String(manifest.version)
}

/**
 * What a snapshot depends on: PGlite's version (its data files), the schema, and every
 * migration's name and source in the order they run (a migration is never edited once released;
 * if one is during development, its new source makes a new snapshot).
 */
const templateKey = async (schema: string, migrations: ReadonlyArray<NamedMigration>) => {
  const hash = createHash("sha256").update(await pgliteVersion()).update(`\0${schema}`)
  for (const { name, migration } of migrations) hash.update(`\0${name}\0${String(migration.up)}`)
  return hash.digest("hex").slice(0, 24)
}

/** A new PGlite in memory, migrated, as a data folder archive. */
const migratedSnapshot = async (schema: string, migrations: ReadonlyArray<NamedMigration>) => {
  const pglite = await PGlite.create()
  try {
    const db = new Kysely<any>({ dialect: new PgliteDialect(pglite) }).withSchema(schema)
    await Effect.runPromise(migrate({ db, schema }, migrations))
    return await pglite.dumpDataDir("none")
  } finally {
    await pglite.close()
  }
}

/** Keeps the newest `KEPT_TEMPLATES` snapshots of `directory`. */
const pruneTemplates = async (directory: string) => {
  const files = (await readdir(directory)).filter((name) => name.endsWith(".tar"))
  if (files.length <= KEPT_TEMPLATES) return
  const dated = await Promise.all(
    files.map(async (name) => ({ name, modified: (await stat(join(directory, name))).mtimeMs }))
  )
  dated.sort((a, b) => b.modified - a.modified)
  await Promise.all(dated.slice(KEPT_TEMPLATES).map(({ name }) => rm(join(directory, name), { force: true })))
}

/**
 * New databases start from a snapshot of a freshly migrated one kept in `directory`, made on first
 * need. Starting from it skips initdb and every migration, which is most of a new embedded
 * database's start (test suites create hundreds). Processes making the same snapshot at once each
 * write their own file and rename it into place, so a reader never sees half of one.
 */
export const migratedTemplate = (
  directory: string,
  schema: string,
  migrations: ReadonlyArray<NamedMigration>
): InitialData => {
  const file = async () => join(directory, `servicekit-${await templateKey(schema, migrations)}.tar`)
  return {
    snapshot: async () => {
      const existing = await readFile(await file()).catch(() => undefined)
      if (existing !== undefined) return new Blob([existing])
      const snapshot = await migratedSnapshot(schema, migrations)
      await mkdir(directory, { recursive: true })
      const partial = `${await file()}.${process.pid}.${Date.now()}.partial`
      await writeFile(partial, new Uint8Array(await snapshot.arrayBuffer()))
      await rename(partial, await file())
      await pruneTemplates(directory)
      return snapshot
    },
    discard: async () => rm(await file(), { force: true })
  }
}
