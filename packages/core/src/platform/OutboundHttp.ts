import { Context, Data, type Duration, type Effect, Either } from "effect"
import { isPublicAddress, parseAddress } from "./IpAllowlist.js"

/** How much of a response body is kept; the rest is discarded unread, so a partner cannot make us buffer megabytes. */
export const MAX_RESPONSE_BYTES = 64 * 1024

/** One POST to a partner's URL (a webhook receiver, an LLM endpoint). */
export interface OutboundRequest {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  /**
   * Covers the exchange once one of the destination's connections is free: connecting, the
   * response headers and the response body.
   */
  readonly timeout: Duration.DurationInput
  /**
   * How long the request may wait with none of its destination's connections coming back (each
   * origin has a bounded number), before `timeout` starts: it waits its turn while the
   * destination answers the requests ahead of it, and when none of them came back for this long
   * (a receiver holding them all) the answer is OutboundBusy and nothing was sent. As long as
   * `timeout` when absent.
   */
  readonly connectionWait?: Duration.DurationInput | undefined
}

/** Whatever the partner answered, whatever the status: a 3xx, 4xx or 5xx is its answer, not our failure. */
export interface OutboundResponse {
  readonly status: number
  /** By lower-case name; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>
  /** The first MAX_RESPONSE_BYTES of the body, decoded as UTF-8. */
  readonly body: string
  readonly durationMs: number
}

/** The guard refused the request before connecting: nothing was sent. */
export class OutboundRefused extends Data.TaggedError("OutboundRefused")<{
  /** `invalid_url`: not a URL, or one carrying credentials; `scheme`: not https (or http where allowed); `address`: not a public address. */
  readonly reason: "invalid_url" | "scheme" | "address"
  readonly message: string
}> {}

/** The request was allowed but no answer came: the partner may or may not have received it. */
export class OutboundFailed extends Data.TaggedError("OutboundFailed")<{
  readonly reason: "timeout" | "network"
  readonly message: string
  /** How long the request ran before it failed, where the client timed it. */
  readonly durationMs?: number | undefined
}> {}

/**
 * Every connection to the destination stayed taken for the request's `connectionWait`: nothing
 * was sent, so it may be sent later without counting as an attempt.
 */
export class OutboundBusy extends Data.TaggedError("OutboundBusy")<{
  readonly message: string
  readonly waitedMs: number
}> {}

/** Why a request got no answer. */
export type OutboundError = OutboundRefused | OutboundFailed | OutboundBusy

/** One request's end: the partner's answer, or why there was none. */
export type OutboundAnswer = Either.Either<OutboundResponse, OutboundError>

/** The destination whose connections a request shares: the URL's origin. */
export const destinationOf = (url: URL) => url.origin

/**
 * HTTP to URLs that tenants chose, through one guard: HTTPS to public addresses only (checked
 * again after DNS resolution), unless private targets are allowed for development and tests.
 * Redirects are not followed: a signed delivery must reach the URL the subscriber registered,
 * and a 3xx is the receiver's answer, recorded like any other. Each destination has a bounded
 * number of connections, so one slow partner holds at most its own share.
 */
export class OutboundHttp extends Context.Tag("@servicekit/core/OutboundHttp")<
  OutboundHttp,
  {
    readonly post: (request: OutboundRequest) => Effect.Effect<OutboundResponse, OutboundError>
    /** Sends every request at once and answers each one's end, in the order given. */
    readonly postAll: (requests: ReadonlyArray<OutboundRequest>) => Effect.Effect<ReadonlyArray<OutboundAnswer>>
  }
>() {}

const refused = (reason: OutboundRefused["reason"], message: string) =>
  Either.left(new OutboundRefused({ reason, message }))

/** `localhost` and its subdomains resolve to loopback by convention (RFC 6761), whatever DNS says. */
const isLocalhostName = (hostname: string) => {
  const name = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname
  return name === "localhost" || name.endsWith(".localhost")
}

/**
 * The checks that need no DNS: a parseable http(s) URL without credentials (https only unless
 * private targets are allowed), whose host is not a non-public IP literal or a localhost name.
 * Host names are checked again by the client once resolved. Messages never repeat the URL, which
 * may carry secrets in its path or query.
 */
export const checkOutboundUrl = (url: string, allowPrivate: boolean): Either.Either<URL, OutboundRefused> => {
  if (!URL.canParse(url)) return refused("invalid_url", "The URL is not a valid absolute URL.")
  const parsed = new URL(url)
  if (parsed.protocol !== "https:" && !(allowPrivate && parsed.protocol === "http:")) {
    return refused("scheme", allowPrivate ? "The URL must use http or https." : "The URL must use https.")
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return refused("invalid_url", "The URL must not carry credentials.")
  }
  if (allowPrivate) return Either.right(parsed)
  // URL has already normalised IPv4 spellings such as 0x7f.1 or 2130706433 to dotted decimal.
  const isLiteral = parseAddress(parsed.hostname) !== undefined
  if ((isLiteral && !isPublicAddress(parsed.hostname)) || isLocalhostName(parsed.hostname)) {
    return refused("address", `${parsed.hostname} is not a public address.`)
  }
  return Either.right(parsed)
}
