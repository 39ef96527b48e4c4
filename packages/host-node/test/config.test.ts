import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { ConfigurationError, resolveConfig } from "../src/Config.js"

describe("host configuration", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-config-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it("uses the documented defaults and generates a development secret once, mode 0600", () => {
    const config = resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir })
    expect(config).toMatchObject({
      port: 8787,
      env: "development",
      databaseUrl: undefined,
      dbSchema: "servicekit",
      dbPoolSize: 10,
      dbPreparedStatements: true,
      workers: "in-process",
      redisUrl: undefined,
      publicUrl: "http://localhost:8787",
      keyRateLimitPerMinute: 600,
      ipRateLimits: [
        { pathPrefix: "/v1/", limit: 3000, windowMs: 60_000 },
        { pathPrefix: "/v1/automations/nodes/claim", limit: 20, windowMs: 60_000 }
      ],
      trustedProxies: [],
      corsOrigins: [],
      consoleFrameAncestors: ["'self'"],
      inboundSmtpPort: undefined,
      inboundSmtpHost: "0.0.0.0",
      shutdownTimeoutSeconds: 10,
      logFormat: "text",
      logLevel: "info",
      metrics: false,
      metricsToken: undefined
    })
    expect(config.jwtSecret).toMatch(/^[0-9a-f]{64}$/)
    const file = join(dataDir, "secrets.json")
    expect(JSON.parse(readFileSync(file, "utf8")).jwtSecret).toBe(config.jwtSecret)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret)
    // The key of secrets stored encrypted, generated beside it, different from it and kept too.
    expect(config.secretKey).toMatch(/^[0-9a-f]{64}$/)
    expect(config.secretKey).not.toBe(config.jwtSecret)
    expect(JSON.parse(readFileSync(file, "utf8")).secretKey).toBe(config.secretKey)
    expect(resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir }).secretKey).toBe(config.secretKey)
  })

  it("reads every variable, and options win over the environment", () => {
    const config = resolveConfig(
      { port: 9000 },
      {
        PORT: "7000",
        HOST: "127.0.0.1",
        SERVICEKIT_DATA_DIR: dataDir,
        SERVICEKIT_PGLITE_TEMPLATE_DIR: "/tmp/templates",
        DATABASE_URL: "postgres://db/x",
        SERVICEKIT_DB_SCHEMA: "platform_kit",
        SERVICEKIT_DB_POOL_SIZE: "4",
        SERVICEKIT_DB_PREPARED_STATEMENTS: "false",
        REDIS_URL: "redis://cache",
        SERVICEKIT_ENV: "staging",
        SERVICEKIT_SECRET_KEY: "ab".repeat(32),
        SERVICEKIT_HOSTED_SIP_DOMAIN: "sip.platform.example",
        SERVICEKIT_PUBLIC_URL: "https://chat.example.com",
        SERVICEKIT_JWT_SECRET: "s".repeat(40),
        SERVICEKIT_JWT_ISSUER: "https://auth.example.com",
        SERVICEKIT_JWT_AUDIENCE: "servicekit-dashboard",
        SERVICEKIT_TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.1",
        SERVICEKIT_CORS_ORIGINS: "https://app.example.com, http://localhost:5173",
        SERVICEKIT_CONSOLE_FRAME_ANCESTORS: "'self', https://app.example.com",
        SERVICEKIT_KEY_RATE_LIMIT: "100",
        SERVICEKIT_IP_RATE_LIMITS: "/v1/=50/60,/v1/voice/=10/1",
        SERVICEKIT_LOG_FORMAT: "json",
        SERVICEKIT_LOG_LEVEL: "warn",
        SERVICEKIT_METRICS: "on",
        SERVICEKIT_METRICS_TOKEN: "m".repeat(20),
        SERVICEKIT_INBOUND_SMTP_PORT: "2525",
        SERVICEKIT_INBOUND_SMTP_HOST: "127.0.0.1"
      }
    )
    expect(config).toMatchObject({
      port: 9000,
      host: "127.0.0.1",
      pgliteTemplateDir: "/tmp/templates",
      databaseUrl: "postgres://db/x",
      dbSchema: "platform_kit",
      dbPoolSize: 4,
      dbPreparedStatements: false,
      redisUrl: "redis://cache",
      env: "staging",
      secretKey: "ab".repeat(32),
      hostedSipDomain: "sip.platform.example",
      publicUrl: "https://chat.example.com",
      jwtSecret: "s".repeat(40),
      jwtIssuer: "https://auth.example.com",
      jwtAudience: "servicekit-dashboard",
      trustedProxies: ["10.0.0.0/8", "192.0.2.1"],
      corsOrigins: ["https://app.example.com", "http://localhost:5173"],
      consoleFrameAncestors: ["'self'", "https://app.example.com"],
      keyRateLimitPerMinute: 100,
      ipRateLimits: [
        { pathPrefix: "/v1/", limit: 50, windowMs: 60_000 },
        { pathPrefix: "/v1/voice/", limit: 10, windowMs: 1_000 }
      ],
      logFormat: "json",
      logLevel: "warn",
      metrics: true,
      metricsToken: "m".repeat(20),
      inboundSmtpPort: 2525,
      inboundSmtpHost: "127.0.0.1"
    })
    expect(resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir, SERVICEKIT_IP_RATE_LIMITS: "off" }).ipRateLimits).toEqual(
      []
    )
  })

  it.each([
    [{ SERVICEKIT_ENV: "production" }, /SERVICEKIT_JWT_SECRET is required/],
    [
      { SERVICEKIT_ENV: "production", SERVICEKIT_JWT_SECRET: "s".repeat(40) },
      /SERVICEKIT_SECRET_KEY is required when SERVICEKIT_ENV=production/
    ],
    [{ SERVICEKIT_SECRET_KEY: "not-hex" }, /SERVICEKIT_SECRET_KEY/],
    [{ SERVICEKIT_SECRET_KEY: "ab".repeat(31) }, /SERVICEKIT_SECRET_KEY/],
    [{ SERVICEKIT_ENV: "staging" }, /SERVICEKIT_JWT_SECRET is required when SERVICEKIT_ENV=staging/],
    [{ SERVICEKIT_ENV: "prod" }, /SERVICEKIT_ENV/],
    [{ PORT: "eighty" }, /PORT/],
    [{ SERVICEKIT_DB_PREPARED_STATEMENTS: "sometimes" }, /SERVICEKIT_DB_PREPARED_STATEMENTS/],
    [{ PORT: "70000" }, /PORT/],
    [{ SERVICEKIT_INBOUND_SMTP_PORT: "25 and 587" }, /SERVICEKIT_INBOUND_SMTP_PORT/],
    [{ SERVICEKIT_INBOUND_SMTP_PORT: "65536" }, /SERVICEKIT_INBOUND_SMTP_PORT/],
    [{ SERVICEKIT_KEY_RATE_LIMIT: "0" }, /SERVICEKIT_KEY_RATE_LIMIT/],
    [{ SERVICEKIT_IP_RATE_LIMITS: "/v1/=lots" }, /SERVICEKIT_IP_RATE_LIMITS/],
    [{ SERVICEKIT_DB_SCHEMA: 'public"; drop table x; --' }, /SERVICEKIT_DB_SCHEMA/],
    [{ SERVICEKIT_DB_SCHEMA: "Mixed" }, /SERVICEKIT_DB_SCHEMA/],
    [{ SERVICEKIT_WORKERS: "sometimes" }, /SERVICEKIT_WORKERS/],
    [{ SERVICEKIT_TRUSTED_PROXIES: "10.0.0.0/8, proxy.internal" }, /SERVICEKIT_TRUSTED_PROXIES: "proxy.internal"/],
    [{ SERVICEKIT_TRUSTED_PROXIES: "10.0.0.0/33" }, /SERVICEKIT_TRUSTED_PROXIES/],
    [{ SERVICEKIT_CORS_ORIGINS: "https://app.example.com/" }, /SERVICEKIT_CORS_ORIGINS/],
    [{ SERVICEKIT_CORS_ORIGINS: "*" }, /SERVICEKIT_CORS_ORIGINS/],
    [{ SERVICEKIT_CONSOLE_FRAME_ANCESTORS: "*" }, /SERVICEKIT_CONSOLE_FRAME_ANCESTORS: "\*" is not 'self', 'none' or an origin/],
    [{ SERVICEKIT_CONSOLE_FRAME_ANCESTORS: "self" }, /SERVICEKIT_CONSOLE_FRAME_ANCESTORS: "self"/],
    [{ SERVICEKIT_CONSOLE_FRAME_ANCESTORS: "https://app.example.com/settings" }, /SERVICEKIT_CONSOLE_FRAME_ANCESTORS/],
    [{ SERVICEKIT_CONSOLE_FRAME_ANCESTORS: "'none', https://app.example.com" }, /'none' must stand alone/],
    [{ SERVICEKIT_SHUTDOWN_TIMEOUT: "-1" }, /SERVICEKIT_SHUTDOWN_TIMEOUT/],
    [{ SERVICEKIT_SHUTDOWN_TIMEOUT: "soon" }, /SERVICEKIT_SHUTDOWN_TIMEOUT/],
    [{ SERVICEKIT_LOG_FORMAT: "xml" }, /SERVICEKIT_LOG_FORMAT/],
    [{ SERVICEKIT_LOG_LEVEL: "verbose" }, /SERVICEKIT_LOG_LEVEL/],
    [{ SERVICEKIT_METRICS: "yes" }, /SERVICEKIT_METRICS/],
    [{ SERVICEKIT_METRICS_TOKEN: "short" }, /SERVICEKIT_METRICS_TOKEN/],
    [{ SERVICEKIT_LLM_API_KEY: "sk-test" }, /SERVICEKIT_LLM_BASE_URL or SERVICEKIT_LLM_MODELS/],
    [{ SERVICEKIT_LLM_BASE_URL: "ftp://models.internal" }, /SERVICEKIT_LLM_BASE_URL must be an http or https URL/],
    [{ SERVICEKIT_LLM_BASE_URL: "http://127.0.0.1:11434/v1" }, /SERVICEKIT_LLM_MODEL must name the model/],
    [{ SERVICEKIT_LLM_MODELS: "{fast}" }, /SERVICEKIT_LLM_MODELS is not JSON/],
    [{ SERVICEKIT_LLM_MODELS: "{}" }, /SERVICEKIT_LLM_MODELS must be a JSON object with at least one label/],
    [{ SERVICEKIT_LLM_MODELS: '{"fast":{"model":"m"}}' }, /SERVICEKIT_LLM_MODELS.fast needs a baseUrl/],
    [{ SERVICEKIT_LLM_MODELS: '{"fast":{"baseUrl":"http://a","secret":"x"}}' }, /unknown field secret/],
    [{ SERVICEKIT_LLM_MODELS: '{"bad label":{"baseUrl":"http://a"}}' }, /the label "bad label"/],
    [
      { SERVICEKIT_LLM_MODELS: '{"fast":{"baseUrl":"http://a","timeoutSeconds":0}}' },
      /SERVICEKIT_LLM_MODELS.fast.timeoutSeconds/
    ],
    [
      { SERVICEKIT_LLM_MODELS: '{"fast":{"baseUrl":"http://a"}}', SERVICEKIT_LLM_MODEL: "smart" },
      /SERVICEKIT_LLM_MODEL names smart, which SERVICEKIT_LLM_MODELS does not map/
    ],
    [
      { SERVICEKIT_LLM_BASE_URL: "http://a", SERVICEKIT_LLM_MODEL: "m", SERVICEKIT_LLM_TIMEOUT_SECONDS: "forever" },
      /SERVICEKIT_LLM_TIMEOUT_SECONDS/
    ],
    [{ SERVICEKIT_S3_BUCKET: "files", SERVICEKIT_S3_ENDPOINT: "minio:9000" }, /SERVICEKIT_S3_ENDPOINT/],
    [{ SERVICEKIT_S3_BUCKET: "files", SERVICEKIT_S3_PREFIX: "../kit/" }, /SERVICEKIT_S3_PREFIX/],
    [{ SERVICEKIT_S3_PREFIX: "kit" }, /SERVICEKIT_S3_PREFIX/],
    [{ SERVICEKIT_S3_FORCE_PATH_STYLE: "maybe" }, /SERVICEKIT_S3_FORCE_PATH_STYLE/],
    [{ SERVICEKIT_CALL_HEARTBEAT_SECONDS: "0" }, /SERVICEKIT_CALL_HEARTBEAT_SECONDS/],
    [{ SERVICEKIT_CALL_HEARTBEAT_SECONDS: "often" }, /SERVICEKIT_CALL_HEARTBEAT_SECONDS/],
    [
      { SERVICEKIT_LLM_BASE_URL: "http://a", SERVICEKIT_LLM_MODEL: "m", SERVICEKIT_LLM_TOOL_CALLS: "json" },
      /SERVICEKIT_LLM_TOOL_CALLS must be text or native/
    ],
    [
      { SERVICEKIT_LLM_MODELS: '{"fast":{"baseUrl":"http://a","toolCalls":"openai"}}' },
      /SERVICEKIT_LLM_MODELS.fast.toolCalls must be text or native/
    ]
  ])("refuses %j with a message naming the variable", (env, message) => {
    expect(() => resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir, ...env })).toThrow(ConfigurationError)
    expect(() => resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir, ...env })).toThrow(message)
  })

  it("takes an empty database or Redis URL, in an option as in the environment, as none", () => {
    const env = { SERVICEKIT_DATA_DIR: dataDir, DATABASE_URL: "postgres://db.example/app", REDIS_URL: "redis://cache.example" }
    expect(resolveConfig({}, env)).toMatchObject({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL })
    const embedded = resolveConfig({ databaseUrl: "", redisUrl: "" }, env)
    expect(embedded.databaseUrl).toBeUndefined()
    expect(embedded.redisUrl).toBeUndefined()
    const unset = resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" })
    expect([unset.databaseUrl, unset.redisUrl]).toEqual([undefined, undefined])
  })

  it("reads language models: one provider, or a label map taking defaults from it", () => {
    expect(resolveConfig({}, { SERVICEKIT_DATA_DIR: dataDir }).llm).toBeUndefined()
    expect(
      resolveConfig(
        {},
        {
          SERVICEKIT_DATA_DIR: dataDir,
          SERVICEKIT_LLM_BASE_URL: "https://api.openai.com/v1",
          SERVICEKIT_LLM_API_KEY: "sk-one",
          SERVICEKIT_LLM_MODEL: "gpt-4o-mini",
          SERVICEKIT_LLM_TIMEOUT_SECONDS: "20",
          SERVICEKIT_LLM_CONTEXT_WINDOW: "128000"
        }
      ).llm
    ).toEqual({
      provider: { baseUrl: "https://api.openai.com/v1", apiKey: "sk-one", timeoutMs: 20_000, contextWindow: 128_000 },
      defaultLabel: "gpt-4o-mini"
    })
    const mapped = resolveConfig(
      {},
      {
        SERVICEKIT_DATA_DIR: dataDir,
        SERVICEKIT_LLM_BASE_URL: "https://api.openai.com/v1",
        SERVICEKIT_LLM_API_KEY: "sk-one",
        SERVICEKIT_LLM_MODEL: "local",
        SERVICEKIT_LLM_MODELS: JSON.stringify({
          fast: { model: "gpt-4o-mini" },
          local: { baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1", timeoutSeconds: 120, contextWindow: 8192 }
        })
      }
    ).llm
    expect(mapped?.defaultLabel).toBe("local")
    expect(mapped?.labels).toEqual({
      fast: { model: "gpt-4o-mini" },
      local: { baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1", timeoutMs: 120_000, contextWindow: 8192 }
    })
    expect(mapped?.provider).toMatchObject({ baseUrl: "https://api.openai.com/v1", apiKey: "sk-one" })

    // How agent steps call tools: text unless the operator says native, for every label or one.
    const native = resolveConfig(
      {},
      {
        SERVICEKIT_DATA_DIR: dataDir,
        SERVICEKIT_LLM_TOOL_CALLS: "native",
        SERVICEKIT_LLM_TIMEOUT_SECONDS: "30",
        SERVICEKIT_LLM_MODELS: JSON.stringify({
          tools: { baseUrl: "https://api.openai.com/v1" },
          lines: { baseUrl: "http://127.0.0.1:11434/v1", toolCalls: "text" }
        })
      }
    ).llm
    expect(native?.provider).toMatchObject({ toolCalls: "native", timeoutMs: 30_000 })
    expect(native?.labels?.lines).toEqual({ baseUrl: "http://127.0.0.1:11434/v1", toolCalls: "text" })
  })
})
