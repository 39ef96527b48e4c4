/**
 * @servicekit/core/conformance — the shared test suites every port implementation
 * (memory fakes and real adapters) must pass. Requires vitest.
 */
export * from "./testing/conformance/RateLimitStore.js"
export * from "./testing/conformance/SecretCrypto.js"
export * from "./testing/conformance/Storage.js"
