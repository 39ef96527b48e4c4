import { Effect } from "effect"
import { digestCredentials, preferredChallenge } from "./SipDigest.js"
import {
  MAX_SIP_MESSAGE_BYTES,
  type SipMessage,
  byteLength,
  cseqOf,
  header,
  headerKey,
  parameter,
  parseSipMessage,
  responseTo,
  serializeSipMessage,
  topValue,
  withHeader,
  withHeaderFirst,
  withoutHeader,
  withoutTopValue
} from "./SipMessage.js"
import type { SipTransport } from "./Sip.js"

/** A message the relay passes on: to the softphone's WebSocket or to the trunk. */
export interface Relayed {
  readonly to: "softphone" | "trunk"
  readonly message: string
}

export interface SipRelayOptions {
  /** The relay's end of the flow to the trunk. */
  readonly local: { readonly address: string; readonly port: number; readonly transport: SipTransport }
  /** Random and unique per connection: marks the relay's Via branches and Route entries. */
  readonly token: string
  /** The own trunk's credentials, answering its Digest challenges; hosted SIP has none. */
  readonly credentials?: { readonly username: string; readonly password: string } | undefined
  /** Hosted SIP: the tenant, named to the platform's carrier in `X-ServiceKit-Tenant`. */
  readonly tenantId?: string | undefined
  /** A fresh client nonce for each Digest answer. */
  readonly cnonce: () => string
}

export const TENANT_HEADER = "X-ServiceKit-Tenant"

/** Requests that start a dialog when they carry no To tag; the relay stays on their route. */
const DIALOG_CREATING = new Set(["INVITE", "SUBSCRIBE", "REFER", "NOTIFY"])
/** How many transactions and calls a connection remembers; older ones are forgotten first. */
const MEMORY = 64
/** How often one request is answered with credentials (a second challenge may be a stale nonce). */
const MAX_AUTH_ATTEMPTS = 2

/** FNV-1a, 32 bits in hex: a short, stable branch suffix for a softphone branch. */
const fnv = (text: string): string => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, "0")
}

const remember = <K, V>(map: Map<K, V>, key: K, value: V) => {
  map.delete(key)
  map.set(key, value)
  if (map.size > MEMORY) map.delete(map.keys().next().value as K)
}

/** A request the relay sent the trunk, kept so that a challenge can be answered and a CANCEL matched. */
interface Sent {
  readonly request: SipMessage
  readonly softphoneBranch: string
  readonly attempts: number
}

/**
 * The SIP over WebSocket relay (RFC 7118) for one softphone connection, as a proxy between the
 * WebSocket and one flow to the trunk: it adds and removes its own Via, keeps itself on dialog
 * routes (Record-Route, and Path on REGISTER when the softphone supports it), and answers the
 * own trunk's Digest challenges with the tenant's stored credentials. SDP bodies pass through
 * untouched: media flows between the softphone and the far end, never through the relay.
 */
export const makeSipRelay = (options: SipRelayOptions) => {
  const { local, token } = options
  const branchPrefix = `z9hG4bK${token}`
  const host = local.address.includes(":") ? `[${local.address}]` : local.address
  const trunkVia = (branch: string) =>
    `SIP/2.0/${local.transport.toUpperCase()} ${host}:${local.port};branch=${branch};rport`
  const routeUri = `<sip:${token}@${host}:${local.port};transport=${local.transport};lr>`
  const isOurRoute = (value: string | undefined) => value?.includes(`sip:${token}@`) === true
  const isOurVia = (value: string | undefined) =>
    value !== undefined && parameter(value, "branch")?.startsWith(branchPrefix) === true

  /** Our branch toward the trunk for a softphone transaction (CANCEL and ACK of a failure share the INVITE's). */
  const branches = new Map<string, string>()
  /** Requests sent to the trunk by our branch. */
  const sent = new Map<string, Sent>()
  /** Per Call-ID: how far our CSeq toward the trunk runs ahead of the softphone's, after answered challenges. */
  const cseqOffsets = new Map<string, number>()

  const toSoftphone = (message: SipMessage): Relayed => ({ to: "softphone", message: serializeSipMessage(message) })
  const toTrunk = (message: SipMessage): Relayed => ({ to: "trunk", message: serializeSipMessage(message) })

  const shiftCseq = (message: SipMessage, by: number): SipMessage => {
    const cseq = cseqOf(message)
    return cseq === undefined || by === 0
      ? message
      : withHeader(message, "cseq", "CSeq", `${cseq.number + by} ${cseq.method}`)
  }

  /** Max-Forwards decremented; undefined when it ran out (the caller answers 483). */
  const forwarded = (request: SipMessage): SipMessage | undefined => {
    const value = header(request, "max-forwards")
    const hops = value === undefined ? 70 : Number(value)
    if (!Number.isInteger(hops) || hops <= 0) return undefined
    let message = withHeader(request, "max-forwards", "Max-Forwards", String(Math.min(hops, 256) - 1))
    if (isOurRoute(topValue(message, "route"))) message = withoutTopValue(message, "route")
    const isInitial = parameter(header(message, "to") ?? "", "tag") === undefined
    if (DIALOG_CREATING.has(request.request!.method) && isInitial) {
      message = withHeaderFirst(message, "Record-Route", routeUri)
    }
    return message
  }

  const hasRequiredHeaders = (message: SipMessage) =>
    topValue(message, "via") !== undefined &&
    header(message, "call-id") !== undefined &&
    header(message, "from") !== undefined &&
    header(message, "to") !== undefined &&
    cseqOf(message) !== undefined

  const sendToTrunk = (request: SipMessage, softphoneBranch: string, attempts: number, branch: string) => {
    // Kept only where a challenge can be answered: hosted SIP never needs them.
    if (options.credentials !== undefined) remember(sent, branch, { request, softphoneBranch, attempts })
    return toTrunk(withHeaderFirst(request, "Via", trunkVia(branch)))
  }

  const fromSoftphoneRequest = (request: SipMessage): ReadonlyArray<Relayed> => {
    if (!hasRequiredHeaders(request)) return [toSoftphone(responseTo(request, 400, "Bad Request"))]
    const method = request.request!.method
    let message = forwarded(request)
    if (message === undefined) return [toSoftphone(responseTo(request, 483, "Too Many Hops"))]
    // The JWT is the softphone's only credential: whatever it sends in their place is dropped.
    message = withoutHeader(withoutHeader(message, "authorization"), "proxy-authorization")
    message = withoutHeader(message, TENANT_HEADER.toLowerCase())
    if (options.tenantId !== undefined)
      message = withHeader(message, TENANT_HEADER.toLowerCase(), TENANT_HEADER, options.tenantId)
    if (method === "REGISTER" && /(^|,)\s*path\s*(,|$)/i.test(header(message, "supported") ?? "")) {
      message = withHeaderFirst(message, "Path", routeUri)
    }
    const callId = header(message, "call-id")!
    message = shiftCseq(message, cseqOffsets.get(callId) ?? 0)
    const softphoneBranch = parameter(topValue(request, "via")!, "branch") ?? ""
    const known = method === "CANCEL" || method === "ACK" ? branches.get(softphoneBranch) : undefined
    const branch = known ?? `${branchPrefix}.${fnv(`${softphoneBranch}/${method === "ACK" ? "ack" : ""}`)}`
    if (method !== "ACK" && method !== "CANCEL") remember(branches, softphoneBranch, branch)
    return [sendToTrunk(message, softphoneBranch, 0, branch)]
  }

  /** Answers the trunk's 401 or 407 with the stored credentials; undefined when the softphone should see it. */
  const answerChallenge = (response: SipMessage, branch: string) =>
    Effect.gen(function* () {
      const credentials = options.credentials
      const original = sent.get(branch)
      const code = response.status!.code
      if (credentials === undefined || original === undefined || original.attempts >= MAX_AUTH_ATTEMPTS)
        return undefined
      const key = code === 401 ? "www-authenticate" : "proxy-authenticate"
      const challenge = preferredChallenge(
        response.headers.filter(([name]) => headerKey(name) === key).map(([, v]) => v)
      )
      const request = original.request.request!
      if (challenge === undefined || request.method === "ACK" || request.method === "CANCEL") return undefined
      const authorization = yield* digestCredentials({
        challenge,
        username: credentials.username,
        password: credentials.password,
        method: request.method,
        uri: request.uri,
        body: original.request.body,
        cnonce: options.cnonce()
      })
      const callId = header(original.request, "call-id")!
      remember(cseqOffsets, callId, (cseqOffsets.get(callId) ?? 0) + 1)
      const authKey = code === 401 ? "authorization" : "proxy-authorization"
      const retry = shiftCseq(
        withHeader(original.request, authKey, code === 401 ? "Authorization" : "Proxy-Authorization", authorization),
        1
      )
      const retryBranch = `${branch.split(".").slice(0, 2).join(".")}.${original.attempts + 1}`
      remember(branches, original.softphoneBranch, retryBranch)
      const out: Array<Relayed> = []
      // A failure response to an INVITE is acknowledged hop by hop: the softphone never saw it.
      if (request.method === "INVITE") out.push(toTrunk(ackFor(original.request, response, branch)))
      out.push(sendToTrunk(retry, original.softphoneBranch, original.attempts + 1, retryBranch))
      return out
    })

  const ackFor = (invite: SipMessage, response: SipMessage, branch: string): SipMessage => ({
    request: { method: "ACK", uri: invite.request!.uri },
    headers: [
      ["Via", trunkVia(branch)],
      ["Max-Forwards", "70"],
      ...invite.headers.filter(([name]) => ["route", "from", "call-id"].includes(headerKey(name))),
      ["To", header(response, "to")!],
      ["CSeq", `${cseqOf(invite)!.number} ACK`]
    ],
    body: ""
  })

  const fromTrunkResponse = (response: SipMessage) =>
    Effect.gen(function* () {
      const via = topValue(response, "via")
      if (!isOurVia(via)) return []
      const branch = parameter(via!, "branch")!
      const code = response.status!.code
      if (code === 401 || code === 407) {
        const answered = yield* answerChallenge(response, branch)
        if (answered !== undefined) return answered
      }
      if (code >= 200) sent.delete(branch)
      const callId = header(response, "call-id") ?? ""
      return [toSoftphone(shiftCseq(withoutTopValue(response, "via"), -(cseqOffsets.get(callId) ?? 0)))]
    })

  const fromTrunkRequest = (request: SipMessage): ReadonlyArray<Relayed> => {
    if (!hasRequiredHeaders(request)) return [toTrunk(responseTo(request, 400, "Bad Request"))]
    const message = forwarded(request)
    if (message === undefined) return [toTrunk(responseTo(request, 483, "Too Many Hops"))]
    const trunkBranch = parameter(topValue(request, "via")!, "branch") ?? ""
    const via = `SIP/2.0/WSS ${token}.invalid;branch=${branchPrefix}.${fnv(`trunk/${trunkBranch}`)}`
    return [toSoftphone(withHeaderFirst(message, "Via", via))]
  }

  const fromSoftphoneResponse = (response: SipMessage): ReadonlyArray<Relayed> =>
    isOurVia(topValue(response, "via")) ? [toTrunk(withoutTopValue(response, "via"))] : []

  const parsed = (text: string) => (byteLength(text) > MAX_SIP_MESSAGE_BYTES ? undefined : parseSipMessage(text))

  return {
    /** What to pass on for one message from the softphone; nothing for keep-alives and what is not SIP. */
    fromSoftphone: (text: string): Effect.Effect<ReadonlyArray<Relayed>> =>
      Effect.sync(() => {
        const message = parsed(text)
        if (message === undefined) return []
        return message.request !== undefined ? fromSoftphoneRequest(message) : fromSoftphoneResponse(message)
      }),
    /** What to pass on for one message from the trunk. */
    fromTrunk: (text: string): Effect.Effect<ReadonlyArray<Relayed>> =>
      Effect.suspend(() => {
        const message = parsed(text)
        if (message === undefined) return Effect.succeed([])
        return message.request !== undefined ? Effect.succeed(fromTrunkRequest(message)) : fromTrunkResponse(message)
      })
  }
}
