/** @servicekit/adapters/redis — everything on Redis (ioredis): rate limits, fan-out, BullMQ jobs, health. */
export { layerRedisRateLimit, redisHealthCheck } from "./redis/index.js"
export { layerRedisFanOut } from "./fanout/RedisFanOut.js"
export { type BullMqOptions, layerBullMqJobQueue } from "./jobs/BullMqJobQueue.js"
