import { join } from "node:path"
import { layerFolderBlobStore } from "@servicekit/adapters/blobs"
import { layerNodeCrypto } from "@servicekit/adapters/crypto"
import { layerUndiciOutboundHttp } from "@servicekit/adapters/http"
import { layerJoseDashboardTokens } from "@servicekit/adapters/jwt"
import type { AddedModuleStorage } from "@servicekit/adapters/kysely"
import { layerChatCompletionsModel } from "@servicekit/adapters/llm"
import { layerDevelopmentMailbox, layerDevelopmentTestMailbox, layerNodeDns, layerSmtpMailer } from "@servicekit/adapters/mail"
import { databaseHealthCheckWith, layerPgBossJobQueue, layerPglite } from "@servicekit/adapters/pglite"
import { layerPostgres, layerPostgresFanOut } from "@servicekit/adapters/postgres"
import { layerNodeSipNetwork } from "@servicekit/adapters/sip"
import { HealthChecks, type Ports, ServiceKit, ServiceKitSettings, type StorageOf } from "@servicekit/core"
import type { ProductModule } from "@servicekit/core/internal"
import {
  FanOut,
  LanguageModel,
  RequestObserver,
  TenantWeights,
  layerSecretBox,
  layerMemoryRateLimit
} from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type HostConfig, type HostOptions, dashboardTokenScope, resolveConfig, settingsOf } from "./Config.js"
import { lockDataFolder } from "./DataFolderLock.js"
import { layerLogging, logsRequests, requestLogger } from "./Logging.js"

/** A module a kit adds beyond the built-in ones, with its Kysely storage (`{ ...module, kysely }`). */
export type HostModule = ProductModule & AddedModuleStorage

/**
 * The Redis adapters (BullMQ, ioredis), loaded only when Redis is configured: on the embedded
 * default they would be a few hundred modules more for every process to load, CLI commands included.
 */
const redisAdapters = Effect.promise(() => import("@servicekit/adapters/redis"))
const fromRedis = <A, E, R>(
  make: (redis: Effect.Effect.Success<typeof redisAdapters>) => Layer.Layer<A, E, R>
): Layer.Layer<A, E, R> => Layer.unwrapEffect(Effect.map(redisAdapters, make))

/** The object store's adapter (the AWS SDK), loaded only when a bucket is configured. */
const blobStore = (config: HostConfig) => {
  const bucket = config.s3Bucket
  if (bucket === undefined) return layerFolderBlobStore({ directory: join(config.dataDir, "files") })
  return Layer.unwrapEffect(
    Effect.map(
      Effect.promise(() => import("@servicekit/adapters/s3")),
      (s3) =>
        s3.layerS3BlobStore({
          bucket,
          endpoint: config.s3Endpoint,
          region: config.s3Region,
          prefix: config.s3Prefix,
          forcePathStyle: config.s3ForcePathStyle
        })
    )
  )
}

/**
 * The ports for a configuration: PGlite or Postgres storage (with that of the `added` modules);
 * jobs on BullMQ when Redis is configured, else on pg-boss in the database; in-process or Redis
 * rate limits; HS256 dashboard tokens; node:crypto; files in the data folder or an S3 bucket; the operator's language models, if any; the
 * health checks readiness waits for; and the configured log format, level and request lines.
 */
export const portsLayer = <const Added extends ReadonlyArray<HostModule> = readonly []>(
  config: HostConfig,
  added: Added = [] as unknown as Added
): Layer.Layer<Ports | StorageOf<Added> | HealthChecks, unknown> => {
  const { redisUrl } = config
  // One process on the embedded database; across processes through Redis, else Postgres.
  const fanOut =
    redisUrl !== undefined
      ? fromRedis((redis) => redis.layerRedisFanOut({ url: redisUrl }))
      : config.databaseUrl !== undefined
        ? layerPostgresFanOut({ url: config.databaseUrl })
        : FanOut.layerMemory
  const storage =
    config.databaseUrl === undefined
      ? layerPglite({
          dataDir: join(config.dataDir, "pglite"),
          schema: config.dbSchema,
          templateDir: config.pgliteTemplateDir,
          modules: added
        })
      : layerPostgres({
          url: config.databaseUrl,
          schema: config.dbSchema,
          max: config.dbPoolSize,
          preparedStatements: config.dbPreparedStatements,
          modules: added
        })
  // Tenants take turns at background work, by the weights stored on them.
  const jobs = (
    redisUrl === undefined
      ? layerPgBossJobQueue()
      : fromRedis((redis) => redis.layerBullMqJobQueue({ url: redisUrl, prefix: config.dbSchema }))
  ).pipe(Layer.provide(TenantWeights.layerFromTenants()))
  // Readiness waits for the database, and for Redis when one is configured.
  const health = Layer.scoped(
    HealthChecks,
    Effect.all(
      redisUrl === undefined
        ? [databaseHealthCheckWith(added)]
        : [
            databaseHealthCheckWith(added),
            Effect.flatMap(redisAdapters, (redis) => redis.redisHealthCheck(redisUrl))
          ]
    )
  )
  // Without an SMTP server all mail goes to the development mailbox; test-mode mail always does.
  const mailbox = { directory: join(config.dataDir, "mailbox") }
  const mail =
    config.smtpUrl === undefined
      ? layerDevelopmentMailbox(mailbox)
      : Layer.merge(layerSmtpMailer({ url: config.smtpUrl }), layerDevelopmentTestMailbox(mailbox))
  // Optional for the engine: below the info level it is left out, and requests cost no log work.
  const requestLogs: Layer.Layer<never> = logsRequests(config.logLevel)
    ? Layer.succeed(RequestObserver, requestLogger(config.logFormat))
    : Layer.empty
  return Layer.mergeAll(
    Layer.merge(jobs, health).pipe(Layer.provideMerge(Layer.merge(storage, fanOut))),
    requestLogs,
    redisUrl === undefined
      ? layerMemoryRateLimit
      : fromRedis((redis) => redis.layerRedisRateLimit({ url: redisUrl, prefix: config.dbSchema })),
    layerJoseDashboardTokens({ secret: config.jwtSecret, ...dashboardTokenScope(config) }),
    layerNodeCrypto,
    blobStore(config),
    layerNodeSipNetwork,
    mail,
    layerNodeDns({ servers: config.dnsServers }),
    layerUndiciOutboundHttp({ allowPrivate: config.outboundAllowPrivate }),
    config.llm === undefined ? LanguageModel.layerNone : layerChatCompletionsModel(config.llm),
    layerSecretBox(config.secretKey),
    ServiceKitSettings.layer(settingsOf(config, added))
  ).pipe(Layer.provideMerge(layerLogging(config.logFormat, config.logLevel))) as Layer.Layer<
    Ports | StorageOf<Added> | HealthChecks,
    unknown
  >
}

export interface NodeServiceKit<Added extends ReadonlyArray<HostModule> = readonly []>
  extends ServiceKit.ServiceKit<unknown, Added> {
  readonly config: HostConfig
}

/** What the kit writes into its data folder, and where: said once, when it starts serving or working. */
const fileNotes = (config: HostConfig): ReadonlyArray<string> => {
  const mailbox = join(config.dataDir, "mailbox")
  return [
    ...(config.generatedSecrets === undefined
      ? []
      : [
          `${config.generatedSecrets.variables.join(" and ")} unset: using development secrets generated into ` +
            `${config.generatedSecrets.file}; set them to keep secrets out of the data folder.`
        ]),
    config.smtpUrl === undefined
      ? `SMTP_URL unset: email goes to the development mailbox, ${mailbox}, as .eml files.`
      : `Email sent with test keys goes to the development mailbox, ${mailbox}, as .eml files.`,
    ...(config.s3Bucket === undefined
      ? [
          `SERVICEKIT_S3_BUCKET unset: files go to ${join(config.dataDir, "files")}` +
            (config.databaseUrl === undefined ? "." : "; hosts sharing the database need a bucket (or that folder shared) to serve each other's files.")
        ]
      : [])
  ]
}

/**
 * A ServiceKit for this process. On the embedded database it first locks the
 * data folder (one process at a time); `dispose` releases everything. `skills` adds the
 * embedder's automation skills (see `defineSkill`); `modules` adds product modules, each with its
 * Kysely storage.
 */
export const createServiceKit = <const Added extends ReadonlyArray<HostModule> = readonly []>(
  options: HostOptions &
    ServiceKit.Options<Added> &
    ServiceKit.RequirementsMet<Added> & { readonly holder?: string } = {} as never
): NodeServiceKit<Added> => {
  const config = resolveConfig(options, process.env, options.modules)
  const release =
    config.databaseUrl === undefined ? lockDataFolder(config.dataDir, options.holder ?? "servicekit") : () => {}
  try {
    const added = options.modules ?? ([] as unknown as Added)
    const kitOptions: ServiceKit.Options<Added> & ServiceKit.RequirementsMet<Added> = options
    const kit = ServiceKit.make(portsLayer(config, added), kitOptions)
    // Said when the kit starts serving or working, not for one-shot CLI commands (their output is the result).
    let noted = false
    const noteFiles = () => {
      if (noted) return
      noted = true
      kit.runtime.runFork(Effect.forEach(fileNotes(config), (note) => Effect.logInfo(note), { discard: true }))
    }
    return {
      ...kit,
      config,
      dispatch: (request) => {
        noteFiles()
        return kit.dispatch(request)
      },
      handler: (request, handlerOptions) => {
        noteFiles()
        return kit.handler(request, handlerOptions)
      },
      startWorkers: () => {
        noteFiles()
        return kit.startWorkers()
      },
      dispose: () => kit.dispose().finally(release)
    }
  } catch (error) {
    release()
    throw error
  }
}
