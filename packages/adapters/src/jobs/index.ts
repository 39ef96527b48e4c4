export { type PgBossOptions, layerPgBossJobQueue } from "./PgBossJobQueue.js"
