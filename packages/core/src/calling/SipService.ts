import { Clock, Context, Effect, Layer, Option } from "effect"
import {
  type PermissionDenied,
  type TenantNotFound,
  type ValidationFailed,
  invalidField
} from "../platform/Errors.js"
import { notEntitled } from "../platform/Entitlements.js"
import { isPublicAddress, parseAddress } from "../platform/IpAllowlist.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { TenantService } from "../platform/TenantService.js"
import type { SipSettings, SipTransport, SipTrunk } from "./Sip.js"
import { SipConflict, SipTrunkNotFound, SoftphoneUnavailable } from "./CallingErrors.js"
import type { SipAddress } from "./SipNetwork.js"
import { SipRepository } from "./SipRepository.js"

export interface RegisterTrunk {
  readonly host: string
  readonly username: string
  /** Needed when no trunk is registered yet; left out, an update keeps the stored one. */
  readonly password?: string | undefined
  readonly port: number
  readonly transport: SipTransport
}

/** The trunk as it may be shown: never the password. */
export interface SipTrunkView {
  readonly host: string
  readonly username: string
  readonly port: number
  readonly transport: SipTransport
  readonly updatedAt: Date
}

export interface HostedSip {
  readonly optedIn: boolean
  readonly optedInAt: Date | null
  /** Whether the platform offers hosted SIP, and on which domain. */
  readonly platform: { readonly ready: boolean; readonly domain: string | null }
}

/** Where the softphone relay connects for a tenant, and with what. */
export interface SoftphoneTarget {
  readonly address: SipAddress
  /** The own trunk's credentials; hosted SIP trusts the relay instead. */
  readonly credentials: { readonly username: string; readonly password: string } | undefined
  /** Whether the tenant chose the address (its own trunk), so that it must be public. */
  readonly tenantChosen: boolean
}

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i
const TOKEN = /^[^\s\u0000-\u001f\u007f]{1,128}$/

const view = (trunk: SipTrunk): SipTrunkView => ({
  host: trunk.host,
  username: trunk.username,
  port: trunk.port,
  transport: trunk.transport,
  updatedAt: trunk.updatedAt
})

const bareIp = (host: string) => host.replace(/^\[(.*)\]$/, "$1")

/** A host name or an IP address (IPv6 with or without brackets). */
const validHost = (host: string) => HOSTNAME.test(host) || parseAddress(bareIp(host)) !== undefined

/**
 * A tenant's SIP setup for its dashboard: its own trunk, or hosted SIP on the platform's carrier
 * by opt-in, never both. The trunk password is sealed before it is stored and never shown.
 */
export class SipService extends Context.Tag("@servicekit/core/SipService")<
  SipService,
  {
    readonly register: (
      tenantId: string,
      input: RegisterTrunk
    ) => Effect.Effect<SipTrunkView, ValidationFailed | SipConflict>
    readonly status: (tenantId: string) => Effect.Effect<SipTrunkView | null>
    readonly remove: (tenantId: string) => Effect.Effect<SipTrunkView, SipTrunkNotFound>
    readonly hosted: (tenantId: string) => Effect.Effect<HostedSip>
    readonly optIn: (tenantId: string) => Effect.Effect<HostedSip, SipConflict | PermissionDenied | TenantNotFound>
    readonly optOut: (tenantId: string) => Effect.Effect<HostedSip>
    /** The trunk a softphone of the tenant reaches: the own trunk, or the platform's carrier when opted in. */
    readonly softphoneTarget: (tenantId: string) => Effect.Effect<SoftphoneTarget, SoftphoneUnavailable>
  }
>() {
  static readonly layer = Layer.effect(
    SipService,
    Effect.gen(function* () {
      const repository = yield* SipRepository
      const box = yield* SecretBox
      const tenants = yield* TenantService
      const platform = yield* ServiceKitSettings
      const domain = platform.hostedSipDomain ?? null
      const hostedAddress: SipAddress | undefined =
        platform.hostedSipProxy ?? (domain === null ? undefined : { host: domain, port: 5060, transport: "udp" })
      const current = (tenantId: string) =>
        Effect.map(
          repository.find(tenantId),
          Option.getOrElse((): SipSettings => ({ tenantId, trunk: null, hostedOptedInAt: null }))
        )
      const hostedOf = (settings: SipSettings): HostedSip => ({
        optedIn: settings.hostedOptedInAt !== null,
        optedInAt: settings.hostedOptedInAt,
        platform: { ready: domain !== null, domain }
      })

      return {
        register: (tenantId, input) =>
          Effect.gen(function* () {
            if (!validHost(input.host)) return yield* invalidField("host", "must be a host name or an IP address")
            const ip = parseAddress(bareIp(input.host))
            if (ip !== undefined && !platform.outboundAllowPrivate && !isPublicAddress(ip.toString())) {
              return yield* invalidField("host", "must be a public address")
            }
            if (!TOKEN.test(input.username)) {
              return yield* invalidField("username", "must be 1 to 128 characters without spaces or control characters")
            }
            if (input.password !== undefined && (input.password.length === 0 || input.password.length > 256)) {
              return yield* invalidField("password", "must be 1 to 256 characters")
            }
            const settings = yield* current(tenantId)
            if (settings.hostedOptedInAt !== null) {
              return yield* new SipConflict({
                code: "hosted_sip_active",
                message: "Hosted SIP is active: opt out of it before registering an own trunk."
              })
            }
            const passwordSealed =
              input.password !== undefined ? yield* box.seal(input.password) : settings.trunk?.passwordSealed
            if (passwordSealed === undefined) return yield* invalidField("password", "is required for a new trunk")
            const trunk: SipTrunk = {
              host: input.host,
              username: input.username,
              passwordSealed,
              port: input.port,
              transport: input.transport,
              updatedAt: new Date(yield* Clock.currentTimeMillis)
            }
            yield* repository.save({ ...settings, trunk })
            return view(trunk)
          }),
        status: (tenantId) =>
          Effect.map(current(tenantId), (settings) => (settings.trunk === null ? null : view(settings.trunk))),
        remove: (tenantId) =>
          Effect.gen(function* () {
            const settings = yield* current(tenantId)
            if (settings.trunk === null) return yield* new SipTrunkNotFound()
            yield* repository.save({ ...settings, trunk: null })
            return view(settings.trunk)
          }),
        hosted: (tenantId) => Effect.map(current(tenantId), hostedOf),
        optIn: (tenantId) =>
          Effect.gen(function* () {
            // Billing decides: without the voice entitlement there is nothing to opt into.
            const tenant = yield* tenants.get(tenantId)
            if (!tenant.entitlements.includes("voice")) {
              return yield* notEntitled("voice")
            }
            if (domain === null) {
              return yield* new SipConflict({
                code: "hosted_sip_not_ready",
                message: "The platform offers no hosted SIP yet."
              })
            }
            const settings = yield* current(tenantId)
            if (settings.trunk !== null) {
              return yield* new SipConflict({
                code: "own_trunk_active",
                message: "An own SIP trunk is registered: remove it before opting into hosted SIP."
              })
            }
            if (settings.hostedOptedInAt !== null) return hostedOf(settings)
            const updated = { ...settings, hostedOptedInAt: new Date(yield* Clock.currentTimeMillis) }
            yield* repository.save(updated)
            return hostedOf(updated)
          }),
        optOut: (tenantId) =>
          Effect.gen(function* () {
            const settings = yield* current(tenantId)
            if (settings.hostedOptedInAt === null) return hostedOf(settings)
            const updated = { ...settings, hostedOptedInAt: null }
            yield* repository.save(updated)
            return hostedOf(updated)
          }),
        softphoneTarget: (tenantId) =>
          Effect.gen(function* () {
            const { trunk, hostedOptedInAt } = yield* current(tenantId)
            if (trunk !== null) {
              return {
                address: { host: bareIp(trunk.host), port: trunk.port, transport: trunk.transport },
                credentials: { username: trunk.username, password: yield* box.open(trunk.passwordSealed) },
                tenantChosen: true
              }
            }
            if (hostedOptedInAt !== null && hostedAddress !== undefined) {
              return { address: hostedAddress, credentials: undefined, tenantChosen: false }
            }
            return yield* new SoftphoneUnavailable({
              code: "sip_not_configured",
              message: "Register an own SIP trunk or opt into hosted SIP before using the softphone."
            })
          })
      }
    })
  )
}
