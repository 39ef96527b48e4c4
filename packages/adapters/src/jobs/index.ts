export { type PgBossOptions, layerPgBossJobQueue } from "./PgBossJobQueue.js"
export { type BullMqOptions, layerBullMqJobQueue } from "./BullMqJobQueue.js"
