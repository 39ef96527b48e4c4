/**
 * @servicekit/core/testing — in-memory implementations of every port, so an
 * embedding app's tests need nothing but core.
 */
import { Layer } from "effect"
import { layerDeterministic, layerCrypto } from "./platform/Crypto.js"
import { ServiceKitSettings, type Settings } from "./platform/Settings.js"
import type { Ports } from "./Ports.js"
import { layerMemoryRateLimit } from "./testing/MemoryRateLimit.js"
import { layerMemoryStorage } from "./testing/MemoryStorage.js"
import { layerTestTokens } from "./testing/TestTokens.js"

export { layerMemoryRateLimit } from "./testing/MemoryRateLimit.js"
export { layerMemoryStorage } from "./testing/MemoryStorage.js"
export { layerTestTokens, testDashboardToken } from "./testing/TestTokens.js"
export { layerDeterministic as layerDeterministicCrypto } from "./platform/Crypto.js"
export { makeFixedClock, type FixedClock } from "./testing/FixedClock.js"

/** Every port in memory: storage, rate limits, test dashboard tokens, settings. */
export const layerMemory = (
  options: { readonly settings?: Partial<Settings>; readonly seed?: number } = {}
): Layer.Layer<Ports> =>
  Layer.mergeAll(
    layerMemoryStorage,
    layerMemoryRateLimit,
    layerTestTokens,
    options.seed === undefined ? layerCrypto : layerDeterministic(options.seed),
    ServiceKitSettings.layer(options.settings)
  )
