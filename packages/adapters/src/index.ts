/**
 * @servicekit/adapters — real implementations of the core ports, all of them. Each backend is
 * also an entry of its own (`@servicekit/adapters/postgres`, `/pglite`, `/redis`, `/kysely`,
 * `/jwt`, `/crypto`, `/sip`, `/mail`, `/http`, `/llm`) that loads only its own drivers.
 */
export * from "./kysely.js"
export { type PgliteOptions, layerPglite } from "./pglite.js"
export { type PostgresOptions, layerPostgres } from "./postgres.js"
export * from "./redis/index.js"
export * from "./jwt.js"
export * from "./crypto.js"
export * from "./sip.js"
export * from "./mail.js"
export * from "./http.js"
export * from "./llm.js"
export * from "./fanout/index.js"
export * from "./jobs/index.js"
