import type { ProductDeclaration } from "../platform/Products.js"
import { transactionalEvents } from "./TransactionalEvents.js"

/** Sending, from the API, a skill or another module's pipeline, needs Business Email beside Transactional. */
const transactional = {
  name: "transactional",
  keys: { scopes: ["transactional:send"] },
  requires: ["business_email"],
  events: transactionalEvents
} as const satisfies ProductDeclaration

/** The products Transactional owns: its API's key product and the Business Email its sending needs. */
export const transactionalProducts = [transactional, { name: "business_email" }] as const

/** The first product sending needs that `entitlements` lack, if any. */
export const missingForSending = (entitlements: ReadonlyArray<string>): string | undefined =>
  transactional.requires.find((product) => !entitlements.includes(product))
