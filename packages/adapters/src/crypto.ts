/** @servicekit/adapters/crypto — key digests and encryption at rest on node:crypto. */
export * from "./crypto/index.js"
