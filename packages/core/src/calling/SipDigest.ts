import { Effect } from "effect"

/**
 * HTTP Digest authentication as SIP uses it (RFC 3261 §22.4, RFC 8760): the relay answers a
 * trunk's challenge with the sealed trunk password, so the softphone never holds it.
 * MD5 is written out here because Web Crypto does not offer it; SHA-256 comes from Web Crypto.
 */

const encoder = new TextEncoder()

const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0)

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")

/** MD5 (RFC 1321) of the UTF-8 text, in lower-case hex. */
export const md5Hex = (text: string): string => {
  const bytes = encoder.encode(text)
  const length = Math.ceil((bytes.length + 9) / 64) * 64
  const padded = new Uint8Array(length)
  padded.set(bytes)
  padded[bytes.length] = 0x80
  const view = new DataView(padded.buffer)
  const bits = bytes.length * 8
  view.setUint32(length - 8, bits >>> 0, true)
  view.setUint32(length - 4, Math.floor(bits / 2 ** 32), true)
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]
  for (let offset = 0; offset < length; offset += 64) {
    let [a, b, c, d] = state as [number, number, number, number]
    for (let i = 0; i < 64; i++) {
      const round = i >> 4
      const f =
        round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d)
      const word = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16
      const sum = (f + a + SINES[i]! + view.getUint32(offset + word * 4, true)) >>> 0
      const shift = SHIFTS[round * 4 + (i % 4)]!
      a = d
      d = c
      c = b
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0
    }
    state[0] = (state[0]! + a) >>> 0
    state[1] = (state[1]! + b) >>> 0
    state[2] = (state[2]! + c) >>> 0
    state[3] = (state[3]! + d) >>> 0
  }
  const out = new DataView(new ArrayBuffer(16))
  state.forEach((word, i) => out.setUint32(i * 4, word, true))
  return hex(new Uint8Array(out.buffer))
}

const sha256Hex = (text: string) =>
  Effect.promise(() => crypto.subtle.digest("SHA-256", encoder.encode(text))).pipe(
    Effect.map((digest) => hex(new Uint8Array(digest)))
  )

export interface DigestChallenge {
  readonly realm: string
  readonly nonce: string
  readonly algorithm: "MD5" | "MD5-sess" | "SHA-256" | "SHA-256-sess"
  readonly qop: ReadonlyArray<string>
  readonly opaque: string | undefined
}

const ALGORITHMS = new Set(["MD5", "MD5-SESS", "SHA-256", "SHA-256-SESS"])

/** The parameters of a `Digest` challenge, or undefined when it is another scheme or unusable. */
export const parseChallenge = (value: string): DigestChallenge | undefined => {
  const match = /^\s*Digest\s+(.*)$/is.exec(value)
  if (match === null) return undefined
  const params = new Map<string, string>()
  for (const [, key, quoted, bare] of match[1]!.matchAll(/([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g)) {
    params.set(key!.toLowerCase(), quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (bare ?? ""))
  }
  const algorithm = (params.get("algorithm") ?? "MD5").toUpperCase()
  const realm = params.get("realm")
  const nonce = params.get("nonce")
  if (realm === undefined || nonce === undefined || !ALGORITHMS.has(algorithm)) return undefined
  return {
    realm,
    nonce,
    algorithm: algorithm.replace("SESS", "sess") as DigestChallenge["algorithm"],
    qop: (params.get("qop") ?? "")
      .split(",")
      .map((q) => q.trim().toLowerCase())
      .filter((q) => q.length > 0),
    opaque: params.get("opaque")
  }
}

/** The challenge to answer among several: SHA-256 before MD5 (RFC 8760 §2.4). */
export const preferredChallenge = (values: ReadonlyArray<string>): DigestChallenge | undefined => {
  const usable = values.flatMap((value) => parseChallenge(value) ?? [])
  return usable.find((challenge) => challenge.algorithm.startsWith("SHA-256")) ?? usable[0]
}

const quote = (value: string) => `"${value.replace(/(["\\])/g, "\\$1")}"`

/** The credentials answering `challenge` for one request (the value of Authorization or Proxy-Authorization). */
export const digestCredentials = (input: {
  readonly challenge: DigestChallenge
  readonly username: string
  readonly password: string
  readonly method: string
  readonly uri: string
  readonly body: string
  readonly cnonce: string
}): Effect.Effect<string> =>
  Effect.gen(function* () {
    const { challenge } = input
    const hash = challenge.algorithm.startsWith("SHA-256") ? sha256Hex : (text: string) => Effect.succeed(md5Hex(text))
    const qop = challenge.qop.includes("auth") ? "auth" : challenge.qop.includes("auth-int") ? "auth-int" : undefined
    const nc = "00000001"
    let ha1 = yield* hash(`${input.username}:${challenge.realm}:${input.password}`)
    if (challenge.algorithm.endsWith("sess")) ha1 = yield* hash(`${ha1}:${challenge.nonce}:${input.cnonce}`)
    const ha2 = yield* hash(
      qop === "auth-int" ? `${input.method}:${input.uri}:${yield* hash(input.body)}` : `${input.method}:${input.uri}`
    )
    const response = yield* hash(
      qop === undefined
        ? `${ha1}:${challenge.nonce}:${ha2}`
        : `${ha1}:${challenge.nonce}:${nc}:${input.cnonce}:${qop}:${ha2}`
    )
    const fields = [
      `username=${quote(input.username)}`,
      `realm=${quote(challenge.realm)}`,
      `nonce=${quote(challenge.nonce)}`,
      `uri=${quote(input.uri)}`,
      `response=${quote(response)}`,
      `algorithm=${challenge.algorithm}`
    ]
    if (qop !== undefined) fields.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(input.cnonce)}`)
    if (challenge.opaque !== undefined) fields.push(`opaque=${quote(challenge.opaque)}`)
    return `Digest ${fields.join(", ")}`
  })
