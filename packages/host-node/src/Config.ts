import { randomUUID } from "node:crypto"
import { hostname } from "node:os"
import { resolve } from "node:path"
import { isSchemaName } from "@servicekit/adapters/kysely"
import type { ChatCompletionsOptions } from "@servicekit/adapters/llm"
import { type IpRateRule, type Modules, type Settings, defaultSettings, modules } from "@servicekit/core"
import {
  type BrandingOptions,
  type Deployment,
  type ModuleSettings,
  type ProductModule,
  type SettingsOptionsOf,
  brandingSettings,
  isBlobPrefix,
  isFrameAncestor,
  isOrigin,
  isSecretKey,
  optionalVariable,
  positiveInteger,
  parseRange
} from "@servicekit/core/internal"
import { Config, ConfigError, ConfigProvider, Effect, Either, Option } from "effect"
import { ConfigurationError, DNS_SERVER, isHttpUrl, isMountPath, isSmtpUrl, parseIpRateLimits } from "./ConfigValues.js"
import { secretFromDataDir, secretsFile } from "./DevelopmentSecrets.js"
import { llmFromEnvironment } from "./LlmConfig.js"
import type { LogFormat, LogLevelName } from "./Logging.js"

export { ConfigurationError, isMountPath, parseIpRateLimits }

export type DeploymentEnv = Deployment

/**
 * The modules' own options (`mailFrom`, `runLeaseSeconds`, ...): each module declares its
 * variables and what they set (its `settings`); their names and defaults are the README's.
 */
export type ModuleOptions = SettingsOptionsOf<Modules>

/** Everything a ServiceKit process needs, resolved from options, then environment, then defaults. */
export type HostConfig = PlatformHostConfig & BrandingOptions & ModuleOptions

/** The host's and the platform's own options, beside the modules'. */
export interface PlatformHostConfig {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  /** A folder keeping a snapshot of a new, migrated embedded database that new ones start from (tests, CI). */
  readonly pgliteTemplateDir: string | undefined
  readonly databaseUrl: string | undefined
  /** ServiceKit's Postgres schema, so that it can share an app's database. */
  readonly dbSchema: string
  /** Connections of this process's Postgres pool. */
  readonly dbPoolSize: number
  /** Hot statements run as named prepared statements on Postgres; off behind a pooler in transaction mode. */
  readonly dbPreparedStatements: boolean
  readonly redisUrl: string | undefined
  readonly env: DeploymentEnv
  readonly publicUrl: string
  /** Where the API answers: public routes under `${mountPath}/v1`, dashboard routes under `${mountPath}`. */
  readonly mountPath: string
  readonly jwtSecret: string
  /** When set, dashboard tokens must name this issuer (`iss`); the tokens ServiceKit mints carry it. */
  readonly jwtIssuer: string | undefined
  /** When set, dashboard tokens must name this audience (`aud`); the tokens ServiceKit mints carry it. */
  readonly jwtAudience: string | undefined
  /** AES-256-GCM key (64 hex digits) for secrets stored encrypted, such as SIP trunk passwords. */
  readonly secretKey: string
  /** Outbound connections to addresses a tenant chose (SIP trunks) may reach private and loopback addresses. */
  readonly outboundAllowPrivate: boolean
  /** The SMTP server for email (`smtp://user:pass@host:port`, `smtps://` for TLS); unset, the development mailbox. */
  readonly smtpUrl: string | undefined
  /**
   * Files (chat attachments) in this bucket of an S3-compatible object store; unset, in the data
   * folder. Credentials come from the AWS SDK's own chain (AWS_ACCESS_KEY_ID and
   * AWS_SECRET_ACCESS_KEY, a profile, an instance role).
   */
  readonly s3Bucket: string | undefined
  /** Another S3-compatible service than AWS S3 (R2, MinIO): its URL. */
  readonly s3Endpoint: string | undefined
  readonly s3Region: string
  /** A key prefix every file's key starts with, so that ServiceKit can share a bucket. */
  readonly s3Prefix: string | undefined
  /** The bucket in the URL's path rather than its host name (MinIO and most local servers). */
  readonly s3ForcePathStyle: boolean
  /** The DNS resolvers that check sending domains (`host` or `host:port`, `[v6]:port`); none, the system's. */
  readonly dnsServers: ReadonlyArray<string>
  /**
   * The port of the inbound SMTP listener for bounces and complaints (0: any free port), which
   * `servicekit serve` and `servicekit worker` start; unset, none.
   */
  readonly inboundSmtpPort: number | undefined
  /** The address the inbound SMTP listener binds. */
  readonly inboundSmtpHost: string
  /** Seconds jobs may be due with no worker taking any before a warning is logged and readiness reports it. */
  readonly workerStallSeconds: number
  /** The most queued runs, and queued messages, a tenant may have before new ones get 429 `queue_full`; 0 for no limit. */
  readonly maxQueuedPerTenant: number
  readonly trustedProxies: ReadonlyArray<string>
  readonly corsOrigins: ReadonlyArray<string>
  /** Who may show the console in a frame: `'self'`, `'none'` or origins (CSP `frame-ancestors`). */
  readonly consoleFrameAncestors: ReadonlyArray<string>
  /** Seconds a stopping server gives requests in flight before cutting their connections. */
  readonly shutdownTimeoutSeconds: number
  readonly keyRateLimitPerMinute: number
  readonly ipRateLimits: ReadonlyArray<IpRateRule>
  /** Whether `serve` also runs the background workers in its process (`servicekit worker` always does). */
  readonly workers: "in-process" | "off"
  readonly logFormat: LogFormat
  /** The least severe entries written; request lines are `info`. */
  readonly logLevel: LogLevelName
  /** Prometheus metrics at `<mount path>/metrics`. */
  readonly metrics: boolean
  /** When set, the metrics endpoint asks for `Authorization: Bearer <token>`. */
  readonly metricsToken: string | undefined
  /** The platform admin credential; the `/api/admin` routes exist only when it is set. */
  readonly adminToken: string | undefined
  /** The language models AI steps ask (SERVICEKIT_LLM_*); undefined: none, and AI steps are refused. */
  readonly llm: ChatCompletionsOptions | undefined
  /** The variables whose secrets were generated into the data folder (development only), and the file. */
  readonly generatedSecrets: { readonly file: string; readonly variables: ReadonlyArray<string> } | undefined
}

export type HostOptions = Partial<Omit<HostConfig, "jwtSecret" | "secretKey" | "generatedSecrets">> & {
  readonly jwtSecret?: string | undefined
  readonly secretKey?: string | undefined
}

/** What dashboard tokens are checked for and minted with, beside the secret: the configured issuer and audience. */
export const dashboardTokenScope = (config: Pick<HostConfig, "jwtIssuer" | "jwtAudience">) => ({
  ...(config.jwtIssuer === undefined ? {} : { issuer: config.jwtIssuer }),
  ...(config.jwtAudience === undefined ? {} : { audience: config.jwtAudience })
})

const optionalString = optionalVariable

const ipRateLimitsConfig = Config.string("SERVICEKIT_IP_RATE_LIMITS").pipe(
  Config.mapOrFail((text) =>
    Either.try({
      try: () => parseIpRateLimits(text),
      catch: (error) => ConfigError.InvalidData(["SERVICEKIT_IP_RATE_LIMITS"], (error as Error).message)
    })
  ),
  Config.withDefault(defaultSettings.ipRateLimits)
)

/** The environment half of the configuration; every variable is documented in the README. */
const environmentConfig = Config.all({
  port: Config.integer("PORT").pipe(
    Config.validate({ message: "must be a port number from 0 to 65535", validation: (n) => n >= 0 && n <= 65535 }),
    Config.withDefault(8787)
  ),
  host: Config.string("HOST").pipe(Config.withDefault("0.0.0.0")),
  dataDir: Config.string("SERVICEKIT_DATA_DIR").pipe(Config.withDefault("./.servicekit")),
  pgliteTemplateDir: optionalString("SERVICEKIT_PGLITE_TEMPLATE_DIR"),
  databaseUrl: optionalString("DATABASE_URL"),
  dbSchema: Config.string("SERVICEKIT_DB_SCHEMA").pipe(
    Config.validate({
      message: "must be a Postgres schema name: lowercase letters, digits and underscores, not starting with a digit",
      validation: isSchemaName
    }),
    Config.withDefault("servicekit")
  ),
  dbPoolSize: Config.integer("SERVICEKIT_DB_POOL_SIZE").pipe(
    Config.validate({ message: "must be a whole number from 1 to 1000", validation: (n) => n >= 1 && n <= 1000 }),
    Config.withDefault(10)
  ),
  dbPreparedStatements: Config.boolean("SERVICEKIT_DB_PREPARED_STATEMENTS").pipe(Config.withDefault(true)),
  redisUrl: optionalString("REDIS_URL"),
  env: Config.literal("development", "staging", "production")("SERVICEKIT_ENV").pipe(Config.withDefault("development")),
  publicUrl: optionalString("SERVICEKIT_PUBLIC_URL"),
  mountPath: Config.string("SERVICEKIT_MOUNT_PATH").pipe(Config.withDefault(defaultSettings.mountPath)),
  jwtSecret: optionalString("SERVICEKIT_JWT_SECRET"),
  jwtIssuer: optionalString("SERVICEKIT_JWT_ISSUER"),
  jwtAudience: optionalString("SERVICEKIT_JWT_AUDIENCE"),
  secretKey: optionalString("SERVICEKIT_SECRET_KEY"),
  outboundAllowPrivate: Config.boolean("SERVICEKIT_OUTBOUND_ALLOW_PRIVATE").pipe(Config.withDefault(false)),
  smtpUrl: optionalString("SMTP_URL"),
  s3Bucket: optionalString("SERVICEKIT_S3_BUCKET"),
  s3Endpoint: optionalString("SERVICEKIT_S3_ENDPOINT"),
  s3Region: Config.string("SERVICEKIT_S3_REGION").pipe(Config.withDefault("us-east-1")),
  s3Prefix: optionalString("SERVICEKIT_S3_PREFIX"),
  s3ForcePathStyle: Config.boolean("SERVICEKIT_S3_FORCE_PATH_STYLE").pipe(Config.withDefault(false)),
  dnsServers: Config.string("SERVICEKIT_DNS_SERVERS").pipe(
    Config.withDefault(""),
    Config.map((text) => text.split(",").map((server) => server.trim()).filter((server) => server !== ""))
  ),
  inboundSmtpPort: Config.option(
    Config.integer("SERVICEKIT_INBOUND_SMTP_PORT").pipe(
      Config.validate({ message: "must be a port number from 0 to 65535", validation: (n) => n >= 0 && n <= 65535 })
    )
  ).pipe(Config.map(Option.getOrUndefined)),
  inboundSmtpHost: Config.string("SERVICEKIT_INBOUND_SMTP_HOST").pipe(Config.withDefault("0.0.0.0")),
  workerStallSeconds: Config.number("SERVICEKIT_WORKER_STALL_SECONDS").pipe(
    Config.validate({ message: "must be a number of seconds from 1 to 3600", validation: (n) => n >= 1 && n <= 3600 }),
    Config.withDefault(defaultSettings.workerStallMs / 1000)
  ),
  maxQueuedPerTenant: Config.integer("SERVICEKIT_MAX_QUEUED_PER_TENANT").pipe(
    Config.validate({ message: "must be a whole number from 0 to 100000000", validation: (n) => n >= 0 && n <= 100_000_000 }),
    Config.withDefault(defaultSettings.maxQueuedPerTenant)
  ),
  trustedProxies: Config.array(Config.string(), "SERVICEKIT_TRUSTED_PROXIES").pipe(Config.withDefault([])),
  corsOrigins: Config.array(Config.string(), "SERVICEKIT_CORS_ORIGINS").pipe(Config.withDefault([])),
  consoleFrameAncestors: Config.array(Config.string(), "SERVICEKIT_CONSOLE_FRAME_ANCESTORS").pipe(
    Config.withDefault(defaultSettings.consoleFrameAncestors)
  ),
  shutdownTimeoutSeconds: Config.number("SERVICEKIT_SHUTDOWN_TIMEOUT").pipe(
    Config.validate({ message: "must be a number of seconds from 0 to 3600", validation: (n) => n >= 0 && n <= 3600 }),
    Config.withDefault(10)
  ),
  keyRateLimitPerMinute: positiveInteger("SERVICEKIT_KEY_RATE_LIMIT", defaultSettings.keyRateLimit.limit),
  ipRateLimits: ipRateLimitsConfig,
  workers: Config.literal("in-process", "off")("SERVICEKIT_WORKERS").pipe(Config.withDefault("in-process" as const)),
  logFormat: Config.literal("text", "json")("SERVICEKIT_LOG_FORMAT").pipe(Config.withDefault("text" as const)),
  logLevel: Config.literal(
    "debug",
    "info",
    "warn",
    "error",
    "off"
  )("SERVICEKIT_LOG_LEVEL").pipe(Config.withDefault("info" as const)),
  metrics: Config.literal(
    "on",
    "off"
  )("SERVICEKIT_METRICS").pipe(
    Config.withDefault("off" as const),
    Config.map((value) => value === "on")
  ),
  adminToken: optionalString("SERVICEKIT_ADMIN_TOKEN"),
  metricsToken: optionalString("SERVICEKIT_METRICS_TOKEN")
})

/**
 * The settings declared the modules' way: the platform's brand, then every module's of the kit (the
 * built-in modules', then those it adds).
 */
export const moduleSettingsOf = (added: ReadonlyArray<ProductModule> = []): ReadonlyArray<ModuleSettings<any>> => [
  brandingSettings,
  ...[...modules, ...added].flatMap((module): ReadonlyArray<ModuleSettings<any>> =>
    module.settings === undefined ? [] : [module.settings]
  )
]

/** Reads `config` from the variables, or throws ConfigurationError naming the variable. */
const read = <A>(config: Config.Config<A>, variables: Map<string, string>): A => {
  const result = Effect.runSync(Effect.either(Effect.withConfigProvider(config, ConfigProvider.fromMap(variables))))
  if (Either.isLeft(result)) throw new ConfigurationError(`Invalid configuration: ${result.left.toString()}`)
  return result.right
}

/**
 * Resolves options over environment over defaults, the modules' own variables (those of the
 * `added` modules too) included. Throws ConfigurationError with the variable's name.
 */
export const resolveConfig = (
  options: HostOptions = {},
  env: NodeJS.ProcessEnv = process.env,
  added: ReadonlyArray<ProductModule> = []
): HostConfig => {
  const variables = new Map(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))
  const fromEnv = read(environmentConfig, variables)
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
  // A module's defaults may depend on the deployment, which an option may set too.
  const deployment = (given.env as DeploymentEnv | undefined) ?? fromEnv.env
  const settings = moduleSettingsOf(added)
  const modulesFromEnv = read(Config.all(settings.map((module) => module.environment(deployment))), variables)
  const llm = llmFromEnvironment(env)
  if ("problem" in llm) throw new ConfigurationError(`Invalid configuration: ${llm.problem}`)
  const withOptions = {
    ...fromEnv,
    ...(Object.assign({}, ...modulesFromEnv) as BrandingOptions & ModuleOptions),
    llm: llm.options,
    ...given
  }
  // An empty URL, in an option as in the environment, means none: `databaseUrl: ""` is the
  // embedded database whatever DATABASE_URL says, `redisUrl: ""` no Redis.
  const merged = {
    ...withOptions,
    databaseUrl: withOptions.databaseUrl === "" ? undefined : withOptions.databaseUrl,
    redisUrl: withOptions.redisUrl === "" ? undefined : withOptions.redisUrl
  }
  const dataDir = resolve(merged.dataDir)
  const badProxy = merged.trustedProxies.find((entry) => parseRange(entry) === undefined)
  if (badProxy !== undefined) {
    throw new ConfigurationError(
      `Invalid SERVICEKIT_TRUSTED_PROXIES: "${badProxy}" is not an IP address or CIDR range (e.g. 10.0.0.0/8, 192.0.2.1)`
    )
  }
  if (!isMountPath(merged.mountPath)) {
    throw new ConfigurationError(
      `Invalid SERVICEKIT_MOUNT_PATH: "${merged.mountPath}" is not a path such as /api or /platform/api (no trailing slash)`
    )
  }
  const badOrigin = merged.corsOrigins.find((origin) => !isOrigin(origin))
  if (badOrigin !== undefined) {
    throw new ConfigurationError(
      `Invalid SERVICEKIT_CORS_ORIGINS: "${badOrigin}" is not an origin (scheme, host and port only, e.g. https://app.example.com)`
    )
  }
  const badAncestor = merged.consoleFrameAncestors.find((source) => !isFrameAncestor(source))
  if (badAncestor !== undefined || (merged.consoleFrameAncestors.includes("'none'") && merged.consoleFrameAncestors.length > 1)) {
    throw new ConfigurationError(
      `Invalid SERVICEKIT_CONSOLE_FRAME_ANCESTORS: ${badAncestor === undefined ? "'none' must stand alone" : `"${badAncestor}" is not 'self', 'none' or an origin (e.g. https://app.example.com)`}`
    )
  }
  // Checked once the options are merged in, so that an option is held to the variable's rule.
  if (merged.smtpUrl !== undefined && !isSmtpUrl(merged.smtpUrl)) {
    throw new ConfigurationError(
      "Invalid SMTP_URL: it must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587"
    )
  }
  if (merged.s3Endpoint !== undefined && !isHttpUrl(merged.s3Endpoint)) {
    throw new ConfigurationError(
      "Invalid SERVICEKIT_S3_ENDPOINT: it must be an http:// or https:// URL, e.g. https://minio.internal:9000"
    )
  }
  if (merged.s3Prefix !== undefined && !isBlobPrefix(merged.s3Prefix)) {
    throw new ConfigurationError(
      "Invalid SERVICEKIT_S3_PREFIX: it must be a key prefix ending in /, e.g. servicekit/ (letters, digits, . _ - and /)"
    )
  }
  const badServer = merged.dnsServers.find((server) => !DNS_SERVER.test(server))
  if (badServer !== undefined) {
    throw new ConfigurationError(
      `Invalid SERVICEKIT_DNS_SERVERS: "${badServer}" is not an IP address, optionally with a port (1.1.1.1, 10.0.0.2:5353, [2001:db8::53]:53)`
    )
  }
  for (const module of settings) {
    const problem = module.check?.(merged)
    if (problem !== undefined) throw new ConfigurationError(problem)
  }
  if (merged.metricsToken !== undefined && merged.metricsToken.length < 16) {
    throw new ConfigurationError("The metrics token (SERVICEKIT_METRICS_TOKEN) must be at least 16 characters")
  }
  if (merged.adminToken !== undefined && merged.adminToken.length < 32) {
    throw new ConfigurationError("The platform admin token (SERVICEKIT_ADMIN_TOKEN) must be at least 32 characters")
  }
  // Outside development every process must share one secret: each inventing its own would
  // make one server's dashboard tokens fail on the next.
  if (merged.jwtSecret === undefined && merged.env !== "development") {
    throw new ConfigurationError(
      `SERVICEKIT_JWT_SECRET is required when SERVICEKIT_ENV=${merged.env}: set the same secret (at least 32 bytes) on every process`
    )
  }
  if (merged.secretKey !== undefined && !isSecretKey(merged.secretKey)) {
    throw new ConfigurationError("The secret key (SERVICEKIT_SECRET_KEY) must be 32 bytes written as 64 hex digits")
  }
  // The same for the key of secrets stored encrypted: another process could not read them back.
  if (merged.secretKey === undefined && merged.env !== "development") {
    throw new ConfigurationError(
      `SERVICEKIT_SECRET_KEY is required when SERVICEKIT_ENV=${merged.env}: set the same key (64 hex digits, e.g. \`openssl rand -hex 32\`) on every process`
    )
  }
  const generated = [
    ...(merged.jwtSecret === undefined ? ["SERVICEKIT_JWT_SECRET"] : []),
    ...(merged.secretKey === undefined ? ["SERVICEKIT_SECRET_KEY"] : [])
  ]
  return {
    ...merged,
    dataDir,
    publicUrl: merged.publicUrl ?? `http://localhost:${merged.port}`,
    jwtSecret: merged.jwtSecret ?? secretFromDataDir(dataDir, "jwtSecret"),
    secretKey: merged.secretKey ?? secretFromDataDir(dataDir, "secretKey"),
    generatedSecrets: generated.length === 0 ? undefined : { file: secretsFile(dataDir), variables: generated }
  }
}

/**
 * The kit's settings of a configuration: the platform's, then each module's as it declares them
 * (hosted SIP, the mail sender, webhooks, visitor limits, the runs' lease, ...).
 */
export const settingsOf = (config: HostConfig, added: ReadonlyArray<ProductModule> = []): Partial<Settings> => ({
  mountPath: config.mountPath,
  publicUrl: config.publicUrl,
  trustedProxies: config.trustedProxies,
  corsOrigins: config.corsOrigins,
  consoleFrameAncestors: config.consoleFrameAncestors,
  keyRateLimit: { limit: config.keyRateLimitPerMinute, windowMs: 60_000 },
  ipRateLimits: config.ipRateLimits,
  metrics: { enabled: config.metrics, bearerToken: config.metricsToken },
  adminToken: config.adminToken,
  outboundAllowPrivate: config.outboundAllowPrivate,
  ...moduleSettingsOf(added).reduce<Partial<Settings>>((all, module) => ({ ...all, ...module.settings(config) }), {}),
  // Each kit its own id: two kits in one process (an embedding, a test) are two workers.
  worker: { host: hostname(), pid: process.pid, workerId: randomUUID() },
  workerStallMs: config.workerStallSeconds * 1000,
  maxQueuedPerTenant: config.maxQueuedPerTenant
})
