import type { ResponseHeaders } from "./Response.js"

/** Request headers a browser may send cross-origin, beyond the CORS-safelisted ones. */
const ALLOWED_HEADERS = "authorization, content-type, idempotency-key, last-event-id, x-api-key, x-request-id"

/** Response headers a cross-origin script may read. */
const EXPOSED_HEADERS = "retry-after, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, x-request-id"

/** Browsers may cache a preflight for this long (seconds). */
const PREFLIGHT_MAX_AGE = "600"

/** An origin as browsers send it: scheme, host and port only. */
export const isOrigin = (text: string): boolean => {
  try {
    return new URL(text).origin === text
  } catch {
    return false
  }
}

/**
 * CORS for an exact list of origins; none by default. A request from a listed origin gets
 * `Access-Control-Allow-Origin` naming it; any other origin gets no CORS header at all, so the
 * browser keeps the answer from the script. No credentials mode: keys travel in headers, never
 * cookies.
 */
export const makeCors = (origins: ReadonlyArray<string>) => {
  const allowed = new Set(origins)
  const allows = (origin: string | undefined): origin is string => origin !== undefined && allowed.has(origin)
  return {
    enabled: allowed.size > 0,
    allows,
    /** Headers for an answer to a listed origin. */
    decorate: (headers: ResponseHeaders, origin: string) => {
      headers["access-control-allow-origin"] = origin
      headers["access-control-expose-headers"] = EXPOSED_HEADERS
      headers.vary = "origin"
    },
    /** The answer to a preflight for a path that answers `methods`. */
    preflight: (methods: ReadonlyArray<string>): ResponseHeaders => ({
      "access-control-allow-methods": methods.join(", "),
      "access-control-allow-headers": ALLOWED_HEADERS,
      "access-control-max-age": PREFLIGHT_MAX_AGE
    })
  }
}
