/** @servicekit/adapters/jwt — HS256 dashboard tokens (jose). */
export * from "./jwt/index.js"
