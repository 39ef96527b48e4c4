/**
 * Signing in: the builder's backend sends its user to `{mountPath}/console#token=<JWT>`. A URL
 * fragment never reaches a server, a proxy or a log; the token is moved into this tab's
 * sessionStorage (never localStorage: it ends with the tab) and out of the address bar at once.
 */

const STORAGE_KEY = "servicekit.console.token"

export type Role = "admin" | "member"

export interface Session {
  readonly token: string
  readonly tenantId: string
  readonly role: Role
  readonly subject: string
  /** Milliseconds since the epoch; undefined when the token has no `exp`. */
  readonly expiresAt: number | undefined
}

export type SignedOut = { readonly signedOut: "none" | "expired" | "invalid" }

/** The token's claims, read without verifying them: the API verifies every request; the console only needs to know whom it shows. */
const sessionOf = (token: string): Session | undefined => {
  try {
    const payload = token.split(".")[1].replaceAll("-", "+").replaceAll("_", "/")
    const claims = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, "=")))
    if (typeof claims.tenantId !== "string" || (claims.role !== "admin" && claims.role !== "member")) return undefined
    return {
      token,
      tenantId: claims.tenantId,
      role: claims.role,
      subject: typeof claims.sub === "string" ? claims.sub : "",
      expiresAt: typeof claims.exp === "number" ? claims.exp * 1000 : undefined
    }
  } catch {
    return undefined
  }
}

/** Moves a `#token=` out of the address bar into sessionStorage, leaving the console's home in its place. */
export const takeTokenFromAddress = (): void => {
  const token = new URLSearchParams(location.hash.slice(1)).get("token")
  if (token === null) return
  sessionStorage.setItem(STORAGE_KEY, token)
  history.replaceState(null, "", `${location.pathname}#/`)
}

/** The stored session, or why there is none. */
export const currentSession = (now: number): Session | SignedOut => {
  const token = sessionStorage.getItem(STORAGE_KEY)
  if (token === null) return { signedOut: "none" }
  const session = sessionOf(token)
  if (session === undefined) return endSession("invalid")
  if (session.expiresAt !== undefined && session.expiresAt <= now) return endSession("expired")
  return session
}

/** Forgets the token; the reason is what the sign-in page says. */
export const endSession = (reason: SignedOut["signedOut"]): SignedOut => {
  sessionStorage.removeItem(STORAGE_KEY)
  return { signedOut: reason }
}
