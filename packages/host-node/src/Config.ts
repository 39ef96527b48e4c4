import { randomBytes } from "node:crypto"
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { type ChatCompletionsOptions, isSchemaName } from "@servicekit/adapters"
import { type IpRateRule, defaultSettings } from "@servicekit/core"
import { isFrameAncestor, isOrigin, isSecretKey, parseRange } from "@servicekit/core/internal"
import { Config, ConfigError, ConfigProvider, Effect, Either, Option } from "effect"
import { ensureDataFolder } from "./DataFolderLock.js"
import { llmFromEnvironment } from "./LlmConfig.js"
import type { LogFormat, LogLevelName } from "./Logging.js"

export type DeploymentEnv = "development" | "staging" | "production"

/** Everything a ServiceKit process needs, resolved from options, then environment, then defaults. */
export interface HostConfig {
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
  /** The platform carrier's SIP domain; unset, hosted SIP is not offered. */
  readonly hostedSipDomain: string | undefined
  /** Where the softphone relay sends hosted SIP; unset, the hosted domain on UDP port 5060. */
  readonly hostedSipProxy: HostedSipProxy | undefined
  /** Outbound connections to addresses a tenant chose (SIP trunks) may reach private and loopback addresses. */
  readonly outboundAllowPrivate: boolean
  /** The SMTP server for email (`smtp://user:pass@host:port`, `smtps://` for TLS); unset, the development mailbox. */
  readonly smtpUrl: string | undefined
  /** The sender of transactional email. */
  readonly mailFrom: string
  /** Seconds between sweeps for webhook deliveries due again; by default 900 in production, 21,600 in staging, 60 in development. */
  readonly webhookDrainSeconds: number
  /** Seconds before a failed webhook delivery's first retry (then doubling, with jitter, up to an hour). */
  readonly webhookRetrySeconds: number
  /** Seconds after its last write before another worker takes over a run whose worker died. */
  readonly runLeaseSeconds: number
  /** Seconds jobs may be due with no worker taking any before a warning is logged and readiness reports it. */
  readonly workerStallSeconds: number
  readonly trustedProxies: ReadonlyArray<string>
  readonly corsOrigins: ReadonlyArray<string>
  /** Who may show the console in a frame: `'self'`, `'none'` or origins (CSP `frame-ancestors`). */
  readonly consoleFrameAncestors: ReadonlyArray<string>
  /** Seconds a stopping server gives requests in flight before cutting their connections. */
  readonly shutdownTimeoutSeconds: number
  readonly keyRateLimitPerMinute: number
  /** Requests a minute one hosted chat visitor token may make to `/public/chat/*`. */
  readonly visitorRateLimitPerMinute: number
  /** Requests a minute one client address may make to `/public/chat/*`, whatever its tokens. */
  readonly visitorIpRateLimitPerMinute: number
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

export interface HostedSipProxy {
  readonly host: string
  readonly port: number
  readonly transport: "udp" | "tcp" | "tls"
}

const SIP_PROXY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})(?:;transport=(udp|tcp|tls))?$/i

/** SERVICEKIT_HOSTED_SIP_PROXY: `host:port`, optionally `;transport=udp|tcp|tls` (udp by default). */
export const parseHostedSipProxy = (text: string): HostedSipProxy | undefined => {
  const match = SIP_PROXY.exec(text.trim())
  const port = Number(match?.[2])
  if (match === null || port < 1 || port > 65535) return undefined
  const transport = (match[3]?.toLowerCase() ?? "udp") as HostedSipProxy["transport"]
  return { host: match[1]!.replace(/^\[(.*)\]$/, "$1"), port, transport }
}

const MAILBOX = /^([^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/

const isSmtpUrl = (text: string) => {
  try {
    const url = new URL(text)
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname.length > 0
  } catch {
    return false
  }
}

export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError"
}

/**
 * SERVICEKIT_IP_RATE_LIMITS: comma-separated `pathPrefix=limit/windowSeconds` entries,
 * paths relative to the mount path, e.g. `/v1/=3000/60,/v1/voice/=600/60`. `off` disables them.
 */
export const parseIpRateLimits = (text: string): ReadonlyArray<IpRateRule> => {
  if (text.trim() === "off") return []
  return text.split(",").map((entry) => {
    const match = /^\s*(\/\S*)=(\d+)\/(\d+)\s*$/.exec(entry)
    if (match === null) {
      throw new ConfigurationError(`SERVICEKIT_IP_RATE_LIMITS entry "${entry}" is not pathPrefix=limit/windowSeconds`)
    }
    return { pathPrefix: match[1], limit: Number(match[2]), windowMs: Number(match[3]) * 1000 }
  })
}

const secretsFile = (dataDir: string) => join(dataDir, "secrets.json")

/** Dev secrets live in the data folder (mode 0600) so restarts keep tokens valid. */
const secretFromDataDir = (dataDir: string, name: string): string => {
  const file = secretsFile(dataDir)
  const stored: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {}
  if (stored[name] === undefined) {
    ensureDataFolder(dataDir)
    stored[name] = randomBytes(32).toString("hex")
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 })
    chmodSync(file, 0o600)
  }
  return stored[name]
}

/** What dashboard tokens are checked for and minted with, beside the secret: the configured issuer and audience. */
export const dashboardTokenScope = (config: Pick<HostConfig, "jwtIssuer" | "jwtAudience">) => ({
  ...(config.jwtIssuer === undefined ? {} : { issuer: config.jwtIssuer }),
  ...(config.jwtAudience === undefined ? {} : { audience: config.jwtAudience })
})

/** One or more URL path segments, no trailing slash: `/api`, `/platform/api`. */
export const isMountPath = (path: string): boolean => /^(\/[A-Za-z0-9._~-]+)+$/.test(path)

const optionalString = (name: string) =>
  Config.option(Config.nonEmptyString(name)).pipe(Config.map(Option.getOrUndefined))

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
  hostedSipDomain: optionalString("SERVICEKIT_HOSTED_SIP_DOMAIN"),
  hostedSipProxy: optionalString("SERVICEKIT_HOSTED_SIP_PROXY").pipe(
    Config.mapOrFail((text) => {
      if (text === undefined) return Either.right(undefined)
      const proxy = parseHostedSipProxy(text)
      return proxy === undefined
        ? Either.left(
            ConfigError.InvalidData(
              ["SERVICEKIT_HOSTED_SIP_PROXY"],
              "must be host:port, optionally followed by ;transport=udp, tcp or tls"
            )
          )
        : Either.right(proxy)
    })
  ),
  outboundAllowPrivate: Config.boolean("SERVICEKIT_OUTBOUND_ALLOW_PRIVATE").pipe(Config.withDefault(false)),
  smtpUrl: optionalString("SMTP_URL"),
  mailFrom: Config.string("SERVICEKIT_MAIL_FROM").pipe(Config.withDefault(defaultSettings.mailFrom)),
  webhookDrainSeconds: Config.number("SERVICEKIT_WEBHOOK_DRAIN_SECONDS").pipe(
    Config.validate({
      message: "must be a number of seconds from 1 to 86400",
      validation: (n) => n >= 1 && n <= 86_400
    }),
    Config.option,
    Config.map(Option.getOrUndefined)
  ),
  runLeaseSeconds: Config.number("SERVICEKIT_RUN_LEASE_SECONDS").pipe(
    Config.validate({ message: "must be a number of seconds from 1 to 3600", validation: (n) => n >= 1 && n <= 3600 }),
    Config.withDefault(defaultSettings.runLeaseMs / 1000)
  ),
  workerStallSeconds: Config.number("SERVICEKIT_WORKER_STALL_SECONDS").pipe(
    Config.validate({ message: "must be a number of seconds from 1 to 3600", validation: (n) => n >= 1 && n <= 3600 }),
    Config.withDefault(defaultSettings.workerStallMs / 1000)
  ),
  webhookRetrySeconds: Config.number("SERVICEKIT_WEBHOOK_RETRY_SECONDS").pipe(
    Config.validate({
      message: "must be a number of seconds from 0.01 to 3600",
      validation: (n) => n >= 0.01 && n <= 3600
    }),
    Config.withDefault(defaultSettings.webhooks.retryBaseMs / 1000)
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
  keyRateLimitPerMinute: Config.integer("SERVICEKIT_KEY_RATE_LIMIT").pipe(
    Config.validate({ message: "must be a positive integer", validation: (n) => n > 0 }),
    Config.withDefault(defaultSettings.keyRateLimit.limit)
  ),
  visitorRateLimitPerMinute: Config.integer("SERVICEKIT_VISITOR_RATE_LIMIT").pipe(
    Config.validate({ message: "must be a positive integer", validation: (n) => n > 0 }),
    Config.withDefault(defaultSettings.visitorRateLimits.perToken.limit)
  ),
  visitorIpRateLimitPerMinute: Config.integer("SERVICEKIT_VISITOR_IP_RATE_LIMIT").pipe(
    Config.validate({ message: "must be a positive integer", validation: (n) => n > 0 }),
    Config.withDefault(defaultSettings.visitorRateLimits.perAddress.limit)
  ),
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

/** How often webhook deliveries due again are swept up, by deployment: production often, staging rarely, development at once. */
const WEBHOOK_DRAIN_SECONDS: Readonly<Record<DeploymentEnv, number>> = {
  production: 900,
  staging: 21_600,
  development: 60
}

/** Resolves options over environment over defaults. Throws ConfigurationError with the variable's name. */
export const resolveConfig = (options: HostOptions = {}, env: NodeJS.ProcessEnv = process.env): HostConfig => {
  const variables = new Map(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))
  const fromEnv = Effect.runSync(
    Effect.either(Effect.withConfigProvider(environmentConfig, ConfigProvider.fromMap(variables)))
  )
  if (Either.isLeft(fromEnv)) throw new ConfigurationError(`Invalid configuration: ${fromEnv.left.toString()}`)
  const llm = llmFromEnvironment(env)
  if ("problem" in llm) throw new ConfigurationError(`Invalid configuration: ${llm.problem}`)
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
  const withOptions = { ...fromEnv.right, llm: llm.options, ...given }
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
  if (!MAILBOX.test(merged.mailFrom.trim())) {
    throw new ConfigurationError(
      `Invalid SERVICEKIT_MAIL_FROM: "${merged.mailFrom}" is not an address or Name <address>`
    )
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
    webhookDrainSeconds: merged.webhookDrainSeconds ?? WEBHOOK_DRAIN_SECONDS[merged.env],
    dataDir,
    publicUrl: merged.publicUrl ?? `http://localhost:${merged.port}`,
    jwtSecret: merged.jwtSecret ?? secretFromDataDir(dataDir, "jwtSecret"),
    secretKey: merged.secretKey ?? secretFromDataDir(dataDir, "secretKey"),
    generatedSecrets: generated.length === 0 ? undefined : { file: secretsFile(dataDir), variables: generated }
  }
}
