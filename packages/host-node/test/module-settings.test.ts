import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defaultSettings, defaultWebhookSettings } from "@servicekit/core"
import { afterAll, describe, expect, it } from "vitest"
import { ConfigurationError, resolveConfig, settingsOf } from "../src/Config.js"

describe("the settings modules declare, as the host reads them", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-module-settings-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const resolved = (env: Record<string, string>, options: Parameters<typeof resolveConfig>[0] = {}) =>
    resolveConfig(options, { SERVICEKIT_DATA_DIR: dataDir, ...env })

  it("sets the kit's defaults when no variable is set, the webhook sweep by deployment", () => {
    const config = resolved({})
    expect(config).toMatchObject({
      hostedSipDomain: undefined,
      hostedSipProxy: undefined,
      mailFrom: defaultSettings.mailFrom,
      webhookDrainSeconds: 60,
      webhookRetrySeconds: 10,
      visitorRateLimitPerMinute: 60,
      visitorIpRateLimitPerMinute: 600,
      runLeaseSeconds: 10,
      runTtlSeconds: 0,
      maxRunningRunsPerTenant: 100
    })
    expect(settingsOf(config)).toMatchObject({
      hostedSipDomain: undefined,
      hostedSipProxy: undefined,
      mailFrom: defaultSettings.mailFrom,
      webhooks: defaultWebhookSettings,
      visitorRateLimits: defaultSettings.visitorRateLimits,
      runLeaseMs: defaultSettings.runLeaseMs,
      runTtlSeconds: defaultSettings.runTtlSeconds,
      maxRunningRunsPerTenant: defaultSettings.maxRunningRunsPerTenant
    })
    const secrets = { SERVICEKIT_JWT_SECRET: "s".repeat(40), SERVICEKIT_SECRET_KEY: "ab".repeat(32) }
    expect(resolved({ ...secrets, SERVICEKIT_ENV: "production" }).webhookDrainSeconds).toBe(900)
    expect(resolved({ ...secrets, SERVICEKIT_ENV: "staging" }).webhookDrainSeconds).toBe(21_600)
    // The deployment an option names decides the default too.
    expect(resolved(secrets, { env: "production" }).webhookDrainSeconds).toBe(900)
  })

  it("reads each module's variables into the kit's settings, options winning", () => {
    const config = resolved(
      {
        SERVICEKIT_HOSTED_SIP_DOMAIN: "sip.platform.example",
        SERVICEKIT_HOSTED_SIP_PROXY: "[2001:db8::1]:5061;transport=tls",
        SERVICEKIT_TWILIO_AUTH_TOKEN: "twilio-auth-token",
        SERVICEKIT_MAIL_SPF_INCLUDE: "SPF.Platform.Example",
        SERVICEKIT_MAIL_BOUNCE_DOMAIN: "Bounces.Platform.Example",
        SERVICEKIT_MAIL_FROM: "Acme <mail@acme.test>",
        SERVICEKIT_WEBHOOK_DRAIN_SECONDS: "30",
        SERVICEKIT_WEBHOOK_RETRY_SECONDS: "0.5",
        SERVICEKIT_WEBHOOK_TIMEOUT_SECONDS: "30",
        SERVICEKIT_VISITOR_RATE_LIMIT: "7",
        SERVICEKIT_VISITOR_IP_RATE_LIMIT: "70",
        SERVICEKIT_RUN_LEASE_SECONDS: "20",
        SERVICEKIT_RUN_TTL_SECONDS: "900",
        SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT: "0",
        SERVICEKIT_RETENTION_DAYS: "webhooks.deliveries=30, chat.conversations=keep"
      },
      { mailFrom: "Options <options@acme.test>", runLeaseSeconds: 5 }
    )
    expect(settingsOf(config)).toMatchObject({
      hostedSipDomain: "sip.platform.example",
      hostedSipProxy: { host: "2001:db8::1", port: 5061, transport: "tls" },
      twilioAuthToken: "twilio-auth-token",
      mailSpfInclude: "spf.platform.example",
      mailBounceDomain: "bounces.platform.example",
      mailFrom: "Options <options@acme.test>",
      webhooks: { ...defaultWebhookSettings, drainIntervalMs: 30_000, retryBaseMs: 500, timeoutMs: 30_000 },
      visitorRateLimits: { perToken: { limit: 7, windowMs: 60_000 }, perAddress: { limit: 70, windowMs: 60_000 } },
      runLeaseMs: 5_000,
      runTtlSeconds: 900,
      maxRunningRunsPerTenant: 0,
      retentionDays: { "webhooks.deliveries": 30, "chat.conversations": null }
    })
  })

  it.each([
    [{ SERVICEKIT_HOSTED_SIP_PROXY: "carrier.example" }, /SERVICEKIT_HOSTED_SIP_PROXY/],
    [{ SERVICEKIT_MAIL_FROM: "not an address" }, /Invalid SERVICEKIT_MAIL_FROM: "not an address"/],
    [{ SERVICEKIT_MAIL_SPF_INCLUDE: "not a domain" }, /Invalid SERVICEKIT_MAIL_SPF_INCLUDE: "not a domain"/],
    [{ SERVICEKIT_MAIL_BOUNCE_DOMAIN: "localhost" }, /Invalid SERVICEKIT_MAIL_BOUNCE_DOMAIN: "localhost"/],
    [{ SERVICEKIT_WEBHOOK_DRAIN_SECONDS: "0" }, /SERVICEKIT_WEBHOOK_DRAIN_SECONDS/],
    [{ SERVICEKIT_WEBHOOK_RETRY_SECONDS: "soon" }, /SERVICEKIT_WEBHOOK_RETRY_SECONDS/],
    [{ SERVICEKIT_WEBHOOK_TIMEOUT_SECONDS: "0.5" }, /SERVICEKIT_WEBHOOK_TIMEOUT_SECONDS/],
    [{ SERVICEKIT_WEBHOOK_TIMEOUT_SECONDS: "61" }, /SERVICEKIT_WEBHOOK_TIMEOUT_SECONDS/],
    [{ SERVICEKIT_VISITOR_RATE_LIMIT: "0" }, /SERVICEKIT_VISITOR_RATE_LIMIT/],
    [{ SERVICEKIT_VISITOR_IP_RATE_LIMIT: "-1" }, /SERVICEKIT_VISITOR_IP_RATE_LIMIT/],
    [{ SERVICEKIT_RUN_LEASE_SECONDS: "7200" }, /SERVICEKIT_RUN_LEASE_SECONDS/],
    [{ SERVICEKIT_RUN_TTL_SECONDS: "-1" }, /SERVICEKIT_RUN_TTL_SECONDS/],
    [{ SERVICEKIT_RUN_TTL_SECONDS: "2.5" }, /SERVICEKIT_RUN_TTL_SECONDS/],
    [{ SERVICEKIT_RUN_TTL_SECONDS: "31536001" }, /SERVICEKIT_RUN_TTL_SECONDS/],
    [{ SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT: "-1" }, /SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT/],
    [{ SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT: "1.5" }, /SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT/],
    [{ SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT: "100001" }, /SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT/],
    [{ SERVICEKIT_RETENTION_DAYS: "webhooks.deliveries=0" }, /SERVICEKIT_RETENTION_DAYS/],
    [{ SERVICEKIT_RETENTION_DAYS: "webhooks.deliveries" }, /SERVICEKIT_RETENTION_DAYS/]
  ])("refuses %j with a message naming the variable", (env, message) => {
    expect(() => resolved(env)).toThrow(ConfigurationError)
    expect(() => resolved(env)).toThrow(message)
  })

  it("holds an option to its variable's rule", () => {
    expect(() => resolved({}, { mailFrom: "nobody" })).toThrow(/Invalid SERVICEKIT_MAIL_FROM: "nobody"/)
    expect(() => resolved({}, { retentionDays: { "webhooks.deliveries": 0 } })).toThrow(/Invalid SERVICEKIT_RETENTION_DAYS/)
  })
})
