/**
 * @servicekit/core/testing — in-memory implementations of every port, so an
 * embedding app's tests need nothing but core.
 */
import { Layer } from "effect"
import { EventOutbox } from "./jobs/EventOutbox.js"
import { FanOut } from "./jobs/FanOut.js"
import { ScheduleStore } from "./jobs/Scheduler.js"
import { JobQueue } from "./jobs/JobQueue.js"
import { TenantWeights } from "./jobs/FairTurns.js"
import type { ProductModule } from "./module/ProductModule.js"
import { modules, type StorageOf, type StoragePorts } from "./Modules.js"
import { layerCrypto, layerDeterministic } from "./platform/Crypto.js"
import { ServiceKitSettings, type Settings } from "./platform/Settings.js"
import { TenantData } from "./platform/TenantData.js"
import { MemoryDatabase, type UnitOfWork } from "./platform/UnitOfWork.js"
import type { Ports } from "./Ports.js"
import { layerMemoryRateLimit } from "./testing/MemoryRateLimit.js"
import { layerSecretBox } from "./platform/SecretBox.js"
import { BlobStore } from "./platform/BlobStore.js"
import { layerTestTokens } from "./testing/TestTokens.js"
import { layerMemorySipNetwork } from "./testing/MemorySipNetwork.js"
import { layerMemoryDns } from "./testing/MemoryDns.js"
import { layerMemoryMailer } from "./testing/MemoryMailer.js"
import { layerMemoryOutboundHttp } from "./testing/MemoryOutboundHttp.js"
import { layerScriptedLanguageModel } from "./testing/ScriptedLanguageModel.js"

export { layerMemoryRateLimit } from "./testing/MemoryRateLimit.js"
export { layerTestTokens, testDashboardToken } from "./testing/TestTokens.js"
export { layerDeterministic as layerDeterministicCrypto } from "./platform/Crypto.js"
export { makeFixedClock, type FixedClock } from "./testing/FixedClock.js"
export { layerMemorySipNetwork, makeMemorySipNetwork, type MemorySipTrunk } from "./testing/MemorySipNetwork.js"
export { layerMemoryDns, makeMemoryDns } from "./testing/MemoryDns.js"
export {
  layerMemoryMailer,
  makeMemoryMailer,
  memoryMailer,
  type MemoryMailer,
  type MemorySentMail
} from "./testing/MemoryMailer.js"
export {
  layerMemoryOutboundHttp,
  makeMemoryOutboundHttp,
  memoryOutboundHttp,
  type MemoryOutboundAnswer,
  type MemoryOutboundHttp,
  type MemoryOutboundHttpOptions
} from "./testing/MemoryOutboundHttp.js"
export {
  cuedToolCalls,
  layerScriptedLanguageModel,
  makeScriptedLanguageModel,
  scriptedLanguageModel,
  type CuedToolCall,
  type ModelCue,
  type ScriptedLanguageModel,
  type ScriptedLanguageModelOptions
} from "./testing/ScriptedLanguageModel.js"

type MemoryStorage = StoragePorts | UnitOfWork | EventOutbox | ScheduleStore | TenantData

/**
 * Every module's storage ports in memory, the built-in modules' and then those of `added`, over
 * one MemoryDatabase (so units of work span them all), in list order: a later module's storage
 * may use an earlier one's.
 */
export const layerMemoryStorageWith = <const Added extends ReadonlyArray<ProductModule>>(
  added: Added
): Layer.Layer<MemoryStorage | StorageOf<Added>> =>
  [...modules, ...added].reduce(
    (storage, module) => Layer.provideMerge(module.memory as Layer.Layer<any, never, any>, storage),
    Layer.mergeAll(EventOutbox.layerMemory, ScheduleStore.layerMemory, TenantData.layerMemory).pipe(
      Layer.provideMerge(MemoryDatabase.layer)
    ) as Layer.Layer<any, never, any>
  ) as Layer.Layer<MemoryStorage | StorageOf<Added>>

/** Every built-in module's storage ports in memory (see `layerMemoryStorageWith`). */
export const layerMemoryStorage: Layer.Layer<MemoryStorage> = layerMemoryStorageWith([])

/**
 * Every port in memory: storage (the built-in modules' and those of `modules`), rate limits, test
 * dashboard tokens, a SIP network without trunks, mailboxes, an outbound HTTP client that answers
 * 200, a scripted language model (any label, which echoes until cued), blobs in memory, settings.
 */
export const layerMemory = <const Added extends ReadonlyArray<ProductModule> = readonly []>(
  options: {
    readonly settings?: Partial<Settings>
    readonly seed?: number
    readonly modules?: Added
  } = {}
): Layer.Layer<Ports | StorageOf<Added>> =>
  Layer.mergeAll(
    JobQueue.layerMemory.pipe(
      Layer.provide(TenantWeights.layerFromTenants()),
      Layer.provideMerge(layerMemoryStorageWith(options.modules ?? []))
    ),
    FanOut.layerMemory,
    layerMemoryRateLimit,
    layerTestTokens,
    layerMemorySipNetwork,
    layerMemoryDns,
    layerMemoryMailer,
    layerMemoryOutboundHttp({ allowPrivate: options.settings?.outboundAllowPrivate }),
    layerScriptedLanguageModel(),
    BlobStore.layerMemory,
    // A fixed key: tests need no configuration, and nothing sealed here is a real secret.
    layerSecretBox("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"),
    options.seed === undefined ? layerCrypto : layerDeterministic(options.seed),
    ServiceKitSettings.layer(options.settings)
  )
