import { Context, Layer } from "effect"
import { type Brand, defaultBrand } from "./Branding.js"

export interface RateRule {
  readonly limit: number
  readonly windowMs: number
}

/** An IP rate limit for every `/api/v1/*` path starting with `pathPrefix`. */
export interface IpRateRule extends RateRule {
  readonly pathPrefix: string
}

export interface Settings {
  /** Where the API is mounted; public routes live under `${mountPath}/v1`. */
  readonly mountPath: string
  /** Base URL used in links handed to end users. */
  readonly publicUrl: string
  /** How long a verified key stays cached in-process (revocation in another process takes effect within this). */
  readonly keyCacheTtlMs: number
  readonly keyRateLimit: RateRule
  /** How often a tenant may start an export (Business Calling's call export). */
  readonly exportRateLimit: RateRule
  readonly ipRateLimits: ReadonlyArray<IpRateRule>
  /** The hosted chat's visitor routes (`/public/chat/*`): per visitor token, and per client address. */
  readonly visitorRateLimits: {
    readonly perToken: RateRule
    readonly perAddress: RateRule
    /** Conversations one client address may open through the chat widget. */
    readonly startsPerAddress: RateRule
  }
  /** Proxies (IPs or CIDR ranges) whose X-Forwarded-For is believed. Empty: the socket address is the client. */
  readonly trustedProxies: ReadonlyArray<string>
  /** Browser origins (`https://app.example.com`) allowed to call the API cross-origin. Empty: CORS off. */
  readonly corsOrigins: ReadonlyArray<string>
  /**
   * Who may show the console in a frame (CSP `frame-ancestors`): `'self'`, `'none'` or origins
   * such as `https://app.example.com`.
   */
  readonly consoleFrameAncestors: ReadonlyArray<string>
  /** The platform's name, logo and accent colour, shown in the console and on the hosted chat page. */
  readonly brand: Brand
  /** Prometheus metrics at `${mountPath}/metrics`: off unless enabled; a bearer token, when set, guards them. */
  readonly metrics: { readonly enabled: boolean; readonly bearerToken?: string | undefined }
  /** The platform carrier's SIP domain for hosted SIP; unset, the platform offers no hosted SIP. */
  readonly hostedSipDomain?: string | undefined
  /** Where the softphone relay sends hosted SIP (the carrier's edge); unset, the hosted domain on UDP port 5060. */
  readonly hostedSipProxy?:
    | { readonly host: string; readonly port: number; readonly transport: "udp" | "tcp" | "tls" }
    | undefined
  /**
   * How often the softphone relay says the calls it carries are still going; a call unseen for
   * three of these (its host died) is recorded as failed by the workers' sweep.
   */
  readonly callHeartbeatMs: number
  /** The platform's Twilio auth token: enables and verifies Twilio's call status callbacks; unset, they are refused. */
  readonly twilioAuthToken?: string | undefined
  /** The platform's SPF domain, which tenants' sending domains are asked to include; unset, no SPF record is asked for. */
  readonly mailSpfInclude?: string | undefined
  /**
   * The platform's bounce domain, whose MX is the inbound SMTP listener: every message's Return-Path
   * is a per-message address there. Unset, mail carries its From address as the envelope sender.
   */
  readonly mailBounceDomain?: string | undefined
  /** How a tenant's bounce and complaint rates are judged: when it is warned, when its sending pauses. */
  readonly mailReputation: MailReputationSettings
  /**
   * Outbound connections to addresses a tenant chose (SIP trunks) may reach private and loopback
   * addresses. Off by default: only for development and tests.
   */
  readonly outboundAllowPrivate: boolean
  /** The sender of transactional email: `Name <address>` or an address. */
  readonly mailFrom: string
  readonly webhooks: WebhookSettings
  /**
   * How long a worker holds an automation run between writes: a run whose worker died is taken
   * over this long after its last write. A worker renews it every quarter of it, and every worker
   * looks for runs whose lease ran out as often.
   */
  readonly runLeaseMs: number
  /** Which process this is: recorded on each run step attempt it runs and on each run it takes over. */
  readonly worker: WorkerIdentity
  /**
   * How long jobs may be due with no worker taking any before a warning is logged (naming how to
   * start workers) and readiness reports it.
   */
  readonly workerStallMs: number
  /**
   * The most queued work of one kind (runs not yet started, messages not yet sent) a tenant may
   * have; past it, new work is refused with 429 `queue_full`. 0: no limit.
   */
  readonly maxQueuedPerTenant: number
  /**
   * How many of a tenant's runs may run at once, across every process, unless the platform sets
   * the tenant's own `maxRunningRuns`; runs beyond it wait, queued. 0: no cap.
   */
  readonly maxRunningRunsPerTenant: number
  /**
   * The time to live of an automation run whose workflow sets none (`triggerJson.ttlSeconds`): a
   * run none of whose steps started this many seconds after it was created ends expired. 0: none.
   */
  readonly runTtlSeconds: number
  /**
   * A paired companion node not heard from (heartbeat, poll, result) for this long is offline: it is
   * marked so, once, and `node.offline` is sent; heard from again, it is online.
   */
  readonly nodeOfflineMs: number
  /**
   * Days each kind of retained data is kept (`webhooks.deliveries`, ...), null to keep it: the
   * platform's choice over the kind's default (see module/Retention.ts).
   */
  readonly retentionDays: Readonly<Record<string, number | null>>
  /** The platform admin credential; the `${mountPath}/admin` routes exist only when it is set. */
  readonly adminToken?: string | undefined
}

/** A process that runs workers: its host's name, its process id, and an id of its own (a pid may repeat). */
export interface WorkerIdentity {
  readonly host: string
  readonly pid: number
  readonly workerId: string
}

/** How signed webhooks are delivered and retried. */
export interface WebhookSettings {
  /** How often workers look for deliveries whose retry is due (their jobs are the fast path; this catches any lost one). */
  readonly drainIntervalMs: number
  /** The wait before the first retry; it doubles with each further one, up to `retryMaxMs`, with jitter. */
  readonly retryBaseMs: number
  readonly retryMaxMs: number
  /** A delivery still failing this long after its event is given up. */
  readonly maxAgeMs: number
  /** How long one attempt may take, answer included, once a connection to the receiver is free. */
  readonly timeoutMs: number
  /**
   * How long a delivery waits for a connection to its receiver (each receiver has a bounded
   * number); past it the delivery goes back, its attempt uncounted, and frees its worker.
   */
  readonly connectionWaitMs: number
  /** A subscription whose every attempt failed for this long is turned off (`failing`). */
  readonly disableAfterMs: number
}

/** A rate's two thresholds, as fractions (0.05 for 5 %): past `warning` the tenant is told, past `pause` its sending stops. */
export interface RateThresholds {
  readonly warning: number
  readonly pause: number
}

/** How the platform judges a tenant's mail (SERVICEKIT_MAIL_BOUNCE_RATES and the like; see mailreputation/). */
export interface MailReputationSettings {
  /** Hard bounces per message sent. SES reviews an account at 5 % and pauses it at 10 %. */
  readonly bounceRate: RateThresholds
  /** Complaints per message sent. SES: 0.1 % and 0.5 %. */
  readonly complaintRate: RateThresholds
  /** Fewer messages than this in the window are not judged: two bounces of ten say little. */
  readonly minimumSends: number
  /** The rolling window the rates are taken over, in whole days. */
  readonly windowDays: number
}

/** `path` (from the mount path on) at the platform's public address: what links and signed URLs point to. */
export const publicAddress = (settings: Pick<Settings, "publicUrl" | "mountPath">, path: string) =>
  `${settings.publicUrl.replace(/\/+$/, "")}${settings.mountPath}${path}`

export const defaultMailReputationSettings: MailReputationSettings = {
  bounceRate: { warning: 0.05, pause: 0.1 },
  complaintRate: { warning: 0.001, pause: 0.005 },
  minimumSends: 200,
  windowDays: 7
}

export const defaultWebhookSettings: WebhookSettings = {
  drainIntervalMs: 60_000,
  retryBaseMs: 10_000,
  retryMaxMs: 3_600_000,
  maxAgeMs: 3 * 24 * 3_600_000,
  timeoutMs: 10_000,
  connectionWaitMs: 500,
  disableAfterMs: 5 * 24 * 3_600_000
}

export const defaultSettings: Settings = {
  mountPath: "/api",
  publicUrl: "http://localhost:8787",
  keyCacheTtlMs: 10_000,
  keyRateLimit: { limit: 600, windowMs: 60_000 },
  exportRateLimit: { limit: 5, windowMs: 60_000 },
  // A pairing code is the claim's only credential: its guesses are limited per client address.
  ipRateLimits: [
    { pathPrefix: "/v1/", limit: 3_000, windowMs: 60_000 },
    { pathPrefix: "/v1/automations/nodes/claim", limit: 20, windowMs: 60_000 }
  ],
  // A visitor's page polls and posts a few times a minute; a script with one link is held back.
  visitorRateLimits: {
    perToken: { limit: 60, windowMs: 60_000 },
    perAddress: { limit: 600, windowMs: 60_000 },
    // An office behind one address opens a few conversations an hour; a script filling the inbox is held back.
    startsPerAddress: { limit: 20, windowMs: 3_600_000 }
  },
  trustedProxies: [],
  corsOrigins: [],
  consoleFrameAncestors: ["'self'"],
  brand: defaultBrand,
  metrics: { enabled: false },
  outboundAllowPrivate: false,
  mailFrom: "ServiceKit <no-reply@servicekit.local>",
  webhooks: defaultWebhookSettings,
  mailReputation: defaultMailReputationSettings,
  // Short enough that a dead worker's run is taken over within 15 s (lease + a quarter of it).
  runLeaseMs: 10_000,
  // Hosts name their processes; this one stands for an embedding that does not.
  worker: { host: "localhost", pid: 0, workerId: "local" },
  workerStallMs: 30_000,
  maxQueuedPerTenant: 10_000,
  // Twice a worker's 50 run slots: with several workers, no tenant holds them all.
  maxRunningRunsPerTenant: 100,
  runTtlSeconds: 0,
  // Three of `node run`'s 30-second heartbeats missed.
  nodeOfflineMs: 90_000,
  callHeartbeatMs: 30_000,
  retentionDays: {}
}

export class ServiceKitSettings extends Context.Tag("@servicekit/core/Settings")<ServiceKitSettings, Settings>() {
  static readonly layer = (overrides: Partial<Settings> = {}) =>
    Layer.succeed(ServiceKitSettings, { ...defaultSettings, ...overrides })
}
