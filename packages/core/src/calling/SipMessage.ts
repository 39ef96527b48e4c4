/**
 * SIP messages (RFC 3261 §7) as the softphone relay reads and rewrites them: a start line, an
 * ordered header list and a text body. Parsing is lenient about line endings and header case;
 * serialising always writes CRLF and a Content-Length that matches the body.
 */

export type SipHeader = readonly [name: string, value: string]

export interface SipRequestLine {
  readonly method: string
  readonly uri: string
}

export interface SipMessage {
  /** Present on requests. */
  readonly request?: SipRequestLine | undefined
  /** Present on responses. */
  readonly status?: { readonly code: number; readonly reason: string } | undefined
  readonly headers: ReadonlyArray<SipHeader>
  readonly body: string
}

/** Longer messages are not relayed: a UDP datagram cannot carry more. */
export const MAX_SIP_MESSAGE_BYTES = 65_000

/** Compact header forms (RFC 3261 §7.3.3 and later RFCs) to their full lower-case names. */
const COMPACT: Readonly<Record<string, string>> = {
  v: "via",
  i: "call-id",
  f: "from",
  t: "to",
  m: "contact",
  l: "content-length",
  c: "content-type",
  e: "content-encoding",
  k: "supported",
  s: "subject",
  o: "event",
  r: "refer-to",
  b: "referred-by",
  u: "allow-events",
  x: "session-expires"
}

/** The canonical (lower-case, full) name of a header. */
export const headerKey = (name: string): string => {
  const lower = name.toLowerCase()
  return COMPACT[lower] ?? lower
}

const REQUEST_LINE = /^([A-Za-z]+) (\S+) SIP\/2\.0$/
const STATUS_LINE = /^SIP\/2\.0 ([1-6]\d\d) ?(.*)$/
const HEADER_NAME = /^[!%'*+\-.0-9A-Z^_`a-z|~]+$/

/** Parses one message; undefined when it is not a SIP message. */
export const parseSipMessage = (text: string): SipMessage | undefined => {
  const match = /\r?\n\r?\n/.exec(text)
  const head = match === null ? text : text.slice(0, match.index)
  const rest = match === null ? "" : text.slice(match.index + match[0].length)
  const lines = head.split(/\r?\n/)
  const startLine = lines.shift() ?? ""
  const requestLine = REQUEST_LINE.exec(startLine)
  const statusLine = requestLine === null ? STATUS_LINE.exec(startLine) : null
  if (requestLine === null && statusLine === null) return undefined
  const headers: Array<[string, string]> = []
  for (const line of lines) {
    const last = headers[headers.length - 1]
    if ((line.startsWith(" ") || line.startsWith("\t")) && last !== undefined) {
      // A folded header continues the previous one.
      last[1] = `${last[1]} ${line.trim()}`
      continue
    }
    const colon = line.indexOf(":")
    const name = line.slice(0, colon).trim()
    if (colon <= 0 || !HEADER_NAME.test(name)) return undefined
    headers.push([name, line.slice(colon + 1).trim()])
  }
  const declared = headers.find(([name]) => headerKey(name) === "content-length")?.[1]
  const length = declared === undefined ? undefined : Number(declared)
  const body = length !== undefined && Number.isInteger(length) && length >= 0 ? bodyOfLength(rest, length) : rest
  return {
    request: requestLine === null ? undefined : { method: requestLine[1]!.toUpperCase(), uri: requestLine[2]! },
    status: statusLine === null ? undefined : { code: Number(statusLine[1]), reason: statusLine[2]! },
    headers,
    body
  }
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** The first `length` bytes of `text` (Content-Length counts bytes, not characters). */
const bodyOfLength = (text: string, length: number): string => {
  const bytes = encoder.encode(text)
  return bytes.length <= length ? text : decoder.decode(bytes.subarray(0, length))
}

export const byteLength = (text: string): number => encoder.encode(text).length

export const serializeSipMessage = (message: SipMessage): string => {
  const startLine =
    message.request !== undefined
      ? `${message.request.method} ${message.request.uri} SIP/2.0`
      : `SIP/2.0 ${message.status?.code ?? 500} ${message.status?.reason ?? ""}`
  const lines = [startLine]
  for (const [name, value] of message.headers) {
    if (headerKey(name) !== "content-length") lines.push(`${name}: ${value}`)
  }
  lines.push(`Content-Length: ${byteLength(message.body)}`)
  return `${lines.join("\r\n")}\r\n\r\n${message.body}`
}

/** The first value of a header, undefined when absent. */
export const header = (message: SipMessage, key: string): string | undefined =>
  message.headers.find(([name]) => headerKey(name) === key)?.[1]

/**
 * Splits a comma-separated header value (Via, Route, Record-Route) into its elements, leaving
 * commas inside quotes and angle brackets alone.
 */
export const splitList = (value: string): Array<string> => {
  const parts: Array<string> = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < value.length; i++) {
    const c = value[i]
    if (quoted) {
      if (c === "\\") i++
      else if (c === '"') quoted = false
    } else if (c === '"') quoted = true
    else if (c === "<") depth++
    else if (c === ">") depth = Math.max(0, depth - 1)
    else if (c === "," && depth === 0) {
      parts.push(value.slice(start, i).trim())
      start = i + 1
    }
  }
  parts.push(value.slice(start).trim())
  return parts.filter((part) => part.length > 0)
}

/** The first element of a list header (the top Via, the first Route), undefined when absent. */
export const topValue = (message: SipMessage, key: string): string | undefined => {
  const value = header(message, key)
  return value === undefined ? undefined : splitList(value)[0]
}

/** The message without the first element of a list header (the top Via, the first Route). */
export const withoutTopValue = (message: SipMessage, key: string): SipMessage => {
  const index = message.headers.findIndex(([name]) => headerKey(name) === key)
  if (index < 0) return message
  const [name, value] = message.headers[index]!
  const remaining = splitList(value).slice(1)
  const headers = [...message.headers]
  if (remaining.length === 0) headers.splice(index, 1)
  else headers[index] = [name, remaining.join(", ")]
  return { ...message, headers }
}

/** The message with a header put first among the headers. */
export const withHeaderFirst = (message: SipMessage, name: string, value: string): SipMessage => ({
  ...message,
  headers: [[name, value], ...message.headers]
})

/** The message with every header of `key` dropped. */
export const withoutHeader = (message: SipMessage, key: string): SipMessage => ({
  ...message,
  headers: message.headers.filter(([name]) => headerKey(name) !== key)
})

/** The message with the first header of `key` replaced (or added at the end). */
export const withHeader = (message: SipMessage, key: string, name: string, value: string): SipMessage => {
  const index = message.headers.findIndex(([each]) => headerKey(each) === key)
  const headers = [...message.headers]
  if (index < 0) headers.push([name, value])
  else headers[index] = [name, value]
  return { ...message, headers }
}

/** A parameter of a header element (`branch` of a Via, `tag` of a To), undefined when absent. */
export const parameter = (element: string, name: string): string | undefined => {
  // Parameters after the URI's closing angle bracket, or after the first ";" when there is none.
  const afterUri = element.lastIndexOf(">")
  const params = element
    .slice(afterUri + 1)
    .split(";")
    .slice(1)
  for (const param of params) {
    const [key, value] = param.split("=", 2)
    if (key?.trim().toLowerCase() === name) return (value ?? "").trim()
  }
  return undefined
}

/** CSeq as number and method, undefined when malformed. */
export const cseqOf = (message: SipMessage): { readonly number: number; readonly method: string } | undefined => {
  const match = /^(\d{1,10})\s+([A-Za-z]+)$/.exec(header(message, "cseq") ?? "")
  if (match === null) return undefined
  return { number: Number(match[1]), method: match[2]!.toUpperCase() }
}

/** A response to `request` with the headers RFC 3261 §8.2.6.2 copies. */
export const responseTo = (request: SipMessage, code: number, reason: string): SipMessage => ({
  status: { code, reason },
  headers: request.headers.filter(([name]) => ["via", "from", "to", "call-id", "cseq"].includes(headerKey(name))),
  body: ""
})
