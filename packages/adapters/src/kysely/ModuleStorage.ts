import type { Layer } from "effect"
import type { Migration } from "kysely"
import type { KyselyDatabase } from "./Database.js"

/**
 * A module's Kysely storage: its migrations and its repositories over the database of the
 * context. Migration names carry one global number (`0002_calling`), so that every module's
 * migrations run in one order; a module appends new files and never edits applied ones.
 * Migrations take `Kysely<any>`, so later changes to the table types cannot change what they did.
 */
export interface KyselyModuleStorage<Ports> {
  readonly migrations: Readonly<Record<string, Migration>>
  readonly layer: Layer.Layer<Ports, never, KyselyDatabase>
}
