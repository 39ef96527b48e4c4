export { layerRedisRateLimit } from "./RedisRateLimit.js"
