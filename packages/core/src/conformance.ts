/**
 * @servicekit/core/conformance — the shared test suites every port implementation
 * (memory fakes and real adapters) must pass. Requires vitest and @effect/vitest.
 */
import type { Layer } from "effect"
import type { ModuleName, StoragePorts } from "./Modules.js"
import type { EventOutbox } from "./jobs/EventOutbox.js"
import type { UnitOfWork } from "./platform/UnitOfWork.js"
import { type StorageSuite, runStorageConformance } from "./testing/conformance/Storage.js"
import { apiKeysSuite } from "./testing/conformance/storage/ApiKeys.js"
import { callsSuite } from "./testing/conformance/storage/Calls.js"
import { eventOutboxSuite } from "./testing/conformance/storage/EventOutbox.js"
import { tenantsSuite } from "./testing/conformance/storage/Tenants.js"
import { transactionsSuite } from "./testing/conformance/storage/Transactions.js"
import { usageSuite } from "./testing/conformance/storage/Usage.js"

export * from "./testing/conformance/EventDispatch.js"
export * from "./testing/conformance/FanOut.js"
export * from "./testing/conformance/JobQueue.js"
export * from "./testing/conformance/RateLimitStore.js"
export * from "./testing/conformance/Scheduler.js"
export * from "./testing/conformance/SecretCrypto.js"
export { type StorageSuite, runStorageConformance } from "./testing/conformance/Storage.js"
export { apiKeysSuite, callsSuite, eventOutboxSuite, tenantsSuite, transactionsSuite, usageSuite }

type Storage = StoragePorts | UnitOfWork | EventOutbox

/** Each module's storage suites, by module name: a module without its entry here does not compile. */
export const moduleStorageSuites = {
  operations: [],
  accounts: [tenantsSuite, apiKeysSuite, usageSuite],
  calling: [callsSuite]
} satisfies { readonly [Name in ModuleName]: ReadonlyArray<StorageSuite<Storage>> }

/** The platform's storage (units of work across every module's storage, the event outbox), then each module's suites. */
export const allStorageSuites: ReadonlyArray<StorageSuite<Storage>> = [
  transactionsSuite,
  eventOutboxSuite,
  ...Object.values(moduleStorageSuites).flat()
]

/** Runs `suites` (all of them by default) against one implementation of every module's storage. */
export const storageConformance = (
  name: string,
  makeLayer: () => Layer.Layer<Storage, unknown>,
  suites: ReadonlyArray<StorageSuite<Storage>> = allStorageSuites
): void => runStorageConformance(name, makeLayer, suites)
