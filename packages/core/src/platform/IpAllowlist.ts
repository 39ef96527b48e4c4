import ipaddr from "ipaddr.js"

type Address = ipaddr.IPv4 | ipaddr.IPv6
type Range = readonly [Address, number]

/** IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are treated as the IPv4 address. */
const normalise = (address: Address): Address =>
  address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address

export const parseAddress = (text: string): Address | undefined => {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text
  if (!ipaddr.isValid(bare)) return undefined
  return normalise(ipaddr.parse(bare))
}

/** Parses a single IP or a CIDR range; undefined when it is neither. */
export const parseRange = (entry: string): Range | undefined => {
  if (entry.includes("/")) {
    if (!ipaddr.isValidCIDR(entry)) return undefined
    const [address, bits] = ipaddr.parseCIDR(entry)
    if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96]
    }
    return [address, bits]
  }
  const address = parseAddress(entry)
  if (address === undefined) return undefined
  return [address, address.kind() === "ipv4" ? 32 : 128]
}

/** Canonical text of an allowlist entry (what is stored), or undefined when invalid. */
export const canonicalEntry = (entry: string): string | undefined => {
  const range = parseRange(entry.trim())
  if (range === undefined) return undefined
  const [address, bits] = range
  const full = address.kind() === "ipv4" ? 32 : 128
  return bits === full ? address.toString() : `${address.toString()}/${bits}`
}

/** A compiled allowlist: `allows(ip)` is true when any entry contains the address. */
export const compileAllowlist = (entries: ReadonlyArray<string>) => {
  const ranges = entries.flatMap((entry) => {
    const range = parseRange(entry)
    return range === undefined ? [] : [range]
  })
  return (ip: string | undefined): boolean => {
    if (ip === undefined) return false
    const address = parseAddress(ip)
    if (address === undefined) return false
    return ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base as never, bits))
  }
}

/**
 * IPv4-compatible IPv6 (::a.b.c.d, deprecated by RFC 4291), which ipaddr.js files as unicast:
 * `[::127.0.0.1]` in a URL becomes `[::7f00:1]`, and some stacks route it to the IPv4 address.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96") as [ipaddr.IPv6, number]

/**
 * Whether an IP address is public unicast: not private, loopback, link-local (cloud metadata),
 * carrier-grade NAT, unique-local, multicast, reserved or unspecified. Outbound connections
 * to addresses a tenant chose are refused otherwise, so they cannot reach the platform's own network.
 */
export const isPublicAddress = (ip: string): boolean => {
  const address = parseAddress(ip)
  if (address?.range() !== "unicast") return false
  return !(address.kind() === "ipv6" && (address as ipaddr.IPv6).match(IPV4_COMPATIBLE))
}
