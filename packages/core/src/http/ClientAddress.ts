import { parseAddress } from "../platform/IpAllowlist.js"

/**
 * The client address: the socket peer, or — when the peer is a trusted proxy —
 * the right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
export const clientAddress = (
  socket: string | undefined,
  forwardedFor: string | undefined,
  isTrusted: (ip: string) => boolean
): string | undefined => {
  if (socket === undefined || forwardedFor === undefined || !isTrusted(socket)) return socket
  const hops = forwardedFor.split(",").map((hop) => hop.trim()).filter((hop) => parseAddress(hop) !== undefined)
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(hops[i])) return hops[i]
  }
  return hops[0] ?? socket
}
