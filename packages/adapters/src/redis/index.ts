export { layerRedisRateLimit } from "./RedisRateLimit.js"
export { redisHealthCheck } from "./RedisHealth.js"
