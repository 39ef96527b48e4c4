import type { ModuleName } from "@servicekit/core"
import type { Layer } from "effect"
import type { Migration } from "kysely"
import type { KyselyDatabase } from "./Database.js"

/** Who owns migrations: every module, and the platform's job machinery (`jobs`). */
export type MigrationOwnerName = ModuleName | "jobs"

/**
 * An owner's migrations: its own numbered sequence (`chat/0001_<what>`, `chat/0002_<what>`, …),
 * run after the migrations of the owners it depends on (the tables it references or changes).
 * The names `0001_…` to `0034_…` carried one number shared by every owner; they are applied in
 * existing databases, so they keep their names and run first, in that number's order (see
 * MigrationPlan.ts). An owner appends new migrations and never edits applied ones.
 * Migrations take `Kysely<any>`, so later changes to the table types cannot change what they did.
 * A built-in module depends on owners by their names (`Owner`); a module a kit adds may also
 * depend on another added module.
 */
export interface MigrationSequence<Owner extends string = MigrationOwnerName> {
  readonly dependsOn: ReadonlyArray<Owner>
  readonly migrations: Readonly<Record<string, Migration>>
  /**
   * Every table its migrations made that holds tenants' rows, in the order a tenant's rows are
   * deleted (rows that reference others first): how a tenant is deleted, exported and erased.
   * A test fails on any table of the schema that no owner declares here or in `sharedTables`.
   */
  readonly tenantTables: ReadonlyArray<TenantTable>
  /** Tables its migrations made that hold no tenant's rows (locks, the tenants themselves), each with why. */
  readonly sharedTables?: Readonly<Record<string, string>> | undefined
}

/** A table holding tenants' rows, and where a row names its tenant. */
export type TenantTable =
  /** In a column of its own, `tenant_id` unless named. */
  | { readonly table: string; readonly tenantColumn?: string | undefined }
  /** Through its parent: `column` holds the key (`parentColumn`) of a row of `parent`, which names the tenant. */
  | {
      readonly table: string
      readonly via: { readonly column: string; readonly parent: string; readonly parentColumn: string }
    }

/** A module's Kysely storage: its migration sequence and its repositories over the database of the context. */
export interface KyselyModuleStorage<Ports, Owner extends string = MigrationOwnerName> extends MigrationSequence<Owner> {
  readonly layer: Layer.Layer<Ports, never, KyselyDatabase>
}

/**
 * A module a kit adds beyond the built-in ones, as the adapters see it: its name and its Kysely
 * storage, carried on the module value (`{ ...module, kysely }`), so one value registers both.
 */
export interface AddedModuleStorage<Ports = any> {
  readonly name: string
  readonly kysely: KyselyModuleStorage<Ports, string>
}

/** The storage ports added modules' Kysely storage provides. */
export type AddedStoragePorts<Added extends ReadonlyArray<AddedModuleStorage>> = Added[number]["kysely"]["layer"] extends infer L
  ? L extends Layer.Layer<infer Ports, any, any>
    ? Ports
    : never
  : never
