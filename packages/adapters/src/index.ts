/**
 * @servicekit/adapters — real implementations of the core ports.
 */
export * from "./kysely/index.js"
export * from "./redis/index.js"
export * from "./jwt/index.js"
export * from "./crypto/index.js"
export * from "./fanout/index.js"
export * from "./jobs/index.js"
