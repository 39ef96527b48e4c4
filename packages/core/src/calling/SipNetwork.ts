import { Context, Data, type Effect, type Scope, type Stream } from "effect"
import type { SipTransport } from "./Sip.js"

/** Where a SIP trunk listens. */
export interface SipAddress {
  readonly host: string
  readonly port: number
  readonly transport: SipTransport
}

/** A trunk address with its host resolved to the IP the relay will connect to. */
export interface ResolvedSipAddress extends SipAddress {
  readonly ip: string
}

/** One connection (UDP: one local port) between the relay and a trunk, for one softphone. */
export interface SipFlow {
  /** The relay's own end, as the trunk sees it before any NAT: the address written into Via and Record-Route. */
  readonly local: { readonly address: string; readonly port: number }
  /** Sends one SIP message. */
  readonly send: (message: string) => Effect.Effect<void>
  /** Whole SIP messages from the trunk; ends when the trunk closes a TCP or TLS connection. */
  readonly messages: Stream.Stream<string>
}

/** Why a trunk address was not resolved. */
export class SipAddressRefused extends Data.TaggedError("SipAddressRefused")<{
  readonly reason: "unresolvable" | "private_address"
  readonly message: string
}> {}

/** The trunk could not be reached (TCP or TLS connection refused, timed out or not trusted). */
export class SipUnreachable extends Data.TaggedError("SipUnreachable")<{ readonly message: string }> {}

/**
 * The network under the softphone relay: resolving a trunk's host (public addresses only,
 * unless allowed) and opening a flow to it, closed with its scope.
 */
export class SipNetwork extends Context.Tag("@servicekit/core/SipNetwork")<
  SipNetwork,
  {
    readonly resolve: (
      address: SipAddress,
      options: { readonly allowPrivate: boolean }
    ) => Effect.Effect<ResolvedSipAddress, SipAddressRefused>
    readonly connect: (address: ResolvedSipAddress) => Effect.Effect<SipFlow, SipUnreachable, Scope.Scope>
  }
>() {}
