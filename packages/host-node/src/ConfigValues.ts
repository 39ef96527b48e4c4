// The configuration's rules for single values: what a variable must look like.
import type { IpRateRule } from "@servicekit/core"

/** A resolver as node:dns takes it: an IPv4 address or a bracketed IPv6 one, each with an optional port, or a bare IPv6. */
export const DNS_SERVER = /^((\d{1,3}\.){3}\d{1,3}(:\d{1,5})?|\[[0-9a-f:.]+\](:\d{1,5})?|[0-9a-f:]*:[0-9a-f:.]*)$/i

export const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text)
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== ""
  } catch {
    return false
  }
}

export const isSmtpUrl = (text: string) => {
  try {
    const url = new URL(text)
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname.length > 0
  } catch {
    return false
  }
}

export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError"
}

/**
 * SERVICEKIT_IP_RATE_LIMITS: comma-separated `pathPrefix=limit/windowSeconds` entries,
 * paths relative to the mount path, e.g. `/v1/=3000/60,/v1/voice/=600/60`. `off` disables them.
 */
export const parseIpRateLimits = (text: string): ReadonlyArray<IpRateRule> => {
  if (text.trim() === "off") return []
  return text.split(",").map((entry) => {
    const match = /^\s*(\/\S*)=(\d+)\/(\d+)\s*$/.exec(entry)
    if (match === null) {
      throw new ConfigurationError(`SERVICEKIT_IP_RATE_LIMITS entry "${entry}" is not pathPrefix=limit/windowSeconds`)
    }
    return { pathPrefix: match[1], limit: Number(match[2]), windowMs: Number(match[3]) * 1000 }
  })
}

/** One or more URL path segments, no trailing slash: `/api`, `/platform/api`. */
export const isMountPath = (path: string): boolean => /^(\/[A-Za-z0-9._~-]+)+$/.test(path)
