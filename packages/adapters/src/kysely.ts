/** @servicekit/adapters/kysely — the storage every dialect shares (schema, migrations, queries), without a dialect. */
export * from "./kysely/index.js"
