import { Schema } from "effect"

export const SipTransport = Schema.Literal("udp", "tcp", "tls")
export type SipTransport = typeof SipTransport.Type

/** The tenant's own SIP trunk; the password is stored sealed (SecretBox) and never shown. */
export interface SipTrunk {
  readonly host: string
  readonly username: string
  readonly passwordSealed: string
  readonly port: number
  readonly transport: SipTransport
  readonly updatedAt: Date
}

/** A tenant's SIP setup: its own trunk, or hosted SIP by opt-in, never both. */
export interface SipSettings {
  readonly tenantId: string
  readonly trunk: SipTrunk | null
  readonly hostedOptedInAt: Date | null
}
