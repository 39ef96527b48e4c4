import proxyAddr from "proxy-addr"
import { parseAddress } from "../platform/IpAllowlist.js"

/**
 * The client address: the socket peer, or, when the peer is a trusted proxy, the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy (proxy-addr's walk, as Express does
 * it). An entry on that walk that is not an IP address (`unknown`, `1.2.3.4:80`, garbage) makes
 * the address unknown, which fails every IP allowlist; it never falls back to an entry further
 * left, which the client could have written.
 */
export const clientAddress = (
  socket: string | undefined,
  forwardedFor: string | undefined,
  isTrusted: (ip: string) => boolean
): string | undefined => {
  if (socket === undefined || forwardedFor === undefined || !isTrusted(socket)) return socket
  const address = proxyAddr(
    { connection: { remoteAddress: socket }, headers: { "x-forwarded-for": forwardedFor } } as never,
    (hop) => isTrusted(hop)
  )
  return parseAddress(address) === undefined ? undefined : address
}
