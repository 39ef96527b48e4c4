import { createHash } from "node:crypto"
import type { Compilable, Kysely } from "kysely"

/** A statement compiled once: a call lines up its values in the order the SQL takes them. */
export type Prepared<F extends string> = (values: Readonly<Record<F, unknown>>) => {
  readonly sql: string
  readonly parameters: ReadonlyArray<unknown>
}

// The SQL of every statement `prepare` compiled, and the name it runs under where the driver keeps
// named statements per connection (NamedStatementClient). Texts are few and fixed, so it stays small.
const statementNames = new Map<string, string>()

/**
 * A statement's name, from its text alone: every process gives the same statement the same name
 * and no other statement that name. Behind a pooler that moves sessions, a connection that finds
 * the name already prepared in another process's session runs the same SQL, never another.
 */
export const nameOfStatement = (sql: string): string =>
  `servicekit_${createHash("sha256").update(sql).digest("hex").slice(0, 32)}`

/** The name a statement compiled by `prepare` runs under; none for any other SQL. */
export const statementName = (sql: string): string | undefined => statementNames.get(sql)

/**
 * A hot statement that Kysely builds and compiles once, on first use, with a sentinel standing in
 * for each value, which shows where each value goes; parameters that are not sentinels are the
 * statement's own constants. Building and compiling (Kysely's tree, then the schema plugin's pass
 * over it) costs several times what running the statement through the driver does. `build` must
 * pass its values through as they are, never branch on them.
 */
export const prepare = <F extends string>(
  db: Kysely<any>,
  fields: ReadonlyArray<F>,
  build: (db: Kysely<any>, values: Readonly<Record<F, any>>) => Compilable
): Prepared<F> => {
  let compiled:
    { readonly sql: string; readonly slots: ReadonlyArray<{ field: F } | { constant: unknown }> } | undefined
  return (values) => {
    if (compiled === undefined) {
      const sentinels = Object.fromEntries(fields.map((field) => [field, `\u0000${field}\u0000`])) as Record<F, string>
      const fieldOf = new Map<unknown, F>(fields.map((field) => [sentinels[field], field]))
      const { parameters, sql } = build(db, sentinels).compile()
      if (!statementNames.has(sql)) statementNames.set(sql, nameOfStatement(sql))
      compiled = {
        sql,
        slots: parameters.map((parameter) => {
          const field = fieldOf.get(parameter)
          return field === undefined ? { constant: parameter } : { field }
        })
      }
    }
    return {
      sql: compiled.sql,
      parameters: compiled.slots.map((slot) => ("field" in slot ? values[slot.field] : slot.constant))
    }
  }
}
