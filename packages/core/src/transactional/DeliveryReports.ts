/**
 * The reports mail servers send back about mail the kit sent: bounces (delivery status
 * notifications, RFC 3464 and RFC 6533) and complaints (ARF feedback reports, RFC 5965).
 *
 * The inbound adapter splits the received message by its MIME parts (with mailparser) into
 * `ReportParts`; this module reads the fields in them. Anyone can write to the bounce address, so
 * reading is total and bounded: any text gives an answer, in time linear in its length, with
 * recipients and field sizes capped, and no regular expression that can backtrack.
 */

/** The message a report is about, as far as the report quotes it: enough to find the message we sent. */
export interface ReportedOriginal {
  /**
   * Headers of the original message as the report quotes them (message/rfc822 or
   * text/rfc822-headers part), names lowercase, first value of each, at most 50 headers, values at
   * most 1,000 chars. Values are unfolded but not decoded (an encoded word stays as written): the
   * caller matches ids such as `message-id`, not display text.
   */
  readonly headers: Readonly<Record<string, string>>
}

/** What a report says of one recipient. */
export interface RecipientOutcome {
  /**
   * The address from Final-Recipient (or Original-Recipient), its type (`rfc822;`) removed,
   * domain lowercase (the local part may be case-sensitive), at most 320 chars.
   */
  readonly recipient: string
  readonly action: "failed" | "delayed" | "delivered" | "relayed" | "expanded"
  /** The enhanced status code (RFC 3463), e.g. "5.1.1"; "" when the block has none or a malformed one. */
  readonly status: string
  /** The remote server's words: Diagnostic-Code without its type (`smtp; `), unfolded, at most 1,000 chars. */
  readonly diagnostic: string | null
  /**
   * A permanent failure of the address itself, so that sending to it again can only fail and hurt
   * the sender's reputation: the caller suppresses it. Decided as careful ESPs (Postmark, SES) do:
   * hard only when the action is `failed` and the status is 5.1.1 (no such mailbox), 5.1.2 (no such
   * domain), 5.1.3 (malformed address), 5.1.6 (mailbox moved), 5.1.10 (null MX) or 5.2.1 (mailbox
   * disabled); a bare 5.0.0 or 5.1.0 is hard only when the diagnostic quotes one of those codes or,
   * quoting none, says the user or mailbox is unknown. Everything else is soft: mailbox full
   * (x.2.2), message too big, policy and spam blocks (5.7.x), network and routing (x.4.x), protocol
   * and system errors, the sender's own address (5.1.7, 5.1.8), and any 4.x.x.
   */
  readonly hard: boolean
}

export type DeliveryReport =
  | {
      readonly kind: "bounce"
      readonly outcomes: ReadonlyArray<RecipientOutcome>
      readonly original: ReportedOriginal | null
    }
  | {
      readonly kind: "complaint"
      /** Feedback-Type lowercase (`abuse`, `fraud`, `virus`, `other`, `not-spam`, ...); "" when missing. */
      readonly feedbackType: string
      /** The first Original-Rcpt-To as a bare address; many providers redact it, hence `original`. */
      readonly recipient: string | null
      readonly original: ReportedOriginal | null
    }
  | { readonly kind: "unrecognized"; readonly reason: string }

/** The parts of a received message that bear on it, as the inbound adapter's MIME parser splits them. */
export interface ReportParts {
  /** The text of the first message/delivery-status or message/global-delivery-status part of a multipart/report (decoded from its transfer encoding). */
  readonly deliveryStatus?: string | undefined
  /** The text of the first message/feedback-report part of a multipart/report. */
  readonly feedbackReport?: string | undefined
  /** The header block of the quoted original (a message/rfc822 part's headers, or a text/rfc822-headers part). */
  readonly originalHeaders?: string | undefined
  /** The received message's own Auto-Submitted header, if any. */
  readonly autoSubmitted?: string | undefined
}

const MAX_RECIPIENTS = 100
/** Characters of one part's text that are read: a status part is a few kilobytes. */
const MAX_TEXT = 1_000_000
/** Fields read from one header block, and the longest value kept of one. */
const MAX_FIELDS = 1_000
const MAX_FIELD_VALUE = 10_000
/** Room for folding whitespace, kept before a value is trimmed and cut. */
const FOLDING_SLACK = 256
const MAX_FIELD_NAME = 200
const MAX_ORIGINAL_HEADERS = 50
const MAX_ORIGINAL_VALUE = 1_000
const MAX_RECIPIENT = 320
const MAX_DIAGNOSTIC = 1_000

type Field = readonly [name: string, value: string]

/** Printable ASCII but the colon (RFC 5322 §2.2). */
const FIELD_NAME = /^[!-9;-~]+$/

/** Where the line starting at `at` ends (its LF). Lines are read in place, CR LF or LF: the text is never copied. */
const lineEndAfter = (text: string, at: number) => {
  const end = text.indexOf("\n", at)
  return end < 0 ? text.length : end
}

/** The same, before a CR that ends the line too. */
const contentEndOf = (text: string, at: number, lineEnd: number) =>
  lineEnd > at && text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd

/**
 * The fields of a header block (RFC 5322): names lowercase, folded lines joined (only the line
 * break goes), values trimmed and cut to `maxValue`. Lines that are no field (an mbox `From `
 * line, garbage) are skipped.
 */
const fieldsOf = (block: string, maxValue = MAX_FIELD_VALUE): ReadonlyArray<Field> => {
  const fields: Array<Field> = []
  const room = maxValue + FOLDING_SLACK
  let name: string | null = null
  let value = ""
  const flush = () => {
    if (name !== null) fields.push([name, value.trim().slice(0, maxValue)])
    name = null
  }
  let at = 0
  while (at < block.length && fields.length < MAX_FIELDS) {
    const lineEnd = lineEndAfter(block, at)
    const end = contentEndOf(block, at, lineEnd)
    const first = block.charCodeAt(at)
    if (first === 32 || first === 9) {
      if (name !== null && value.length < room) value += block.slice(at, Math.min(end, at + room - value.length))
    } else {
      flush()
      // Looked for in the name's room only: a long line without a colon is read once, not again per line.
      const colon = block.slice(at, Math.min(end, at + MAX_FIELD_NAME + 1)).indexOf(":") + at
      if (colon > at) {
        const candidate = block.slice(at, colon).trimEnd()
        if (FIELD_NAME.test(candidate)) {
          name = candidate.toLowerCase()
          value = block.slice(colon + 1, Math.min(end, colon + 1 + room))
        }
      }
    }
    at = lineEnd + 1
  }
  flush()
  return fields
}

const valueOf = (fields: ReadonlyArray<Field>, name: string): string | undefined =>
  fields.find((field) => field[0] === name)?.[1]

/** Where a header block ends: at its first empty line (LF or CR LF), or at the end of the text when there is none. */
const headerEndOf = (text: string): number => {
  if (text.startsWith("\n") || text.startsWith("\r\n")) return 0
  const lf = text.indexOf("\n\n")
  const crlf = text.indexOf("\n\r\n")
  if (lf >= 0 && (crlf < 0 || lf < crlf)) return lf
  return crlf >= 0 ? crlf : text.length
}

/** Space, tab, or the CR of a CR LF. */
const isSpace = (code: number) => code === 32 || code === 9 || code === 13

const NON_ASCII_BYTE = /[\x80-\xff]/
const WIDER_THAN_BYTE = /[^\x00-\xff]/

/**
 * Bytes held one per character, as text: UTF-8 when they are valid UTF-8 (RFC 6532 reports, or a
 * caller that decoded the message as Latin-1), else as they are.
 */
const textOf = (bytes: string): string => {
  if (!NON_ASCII_BYTE.test(bytes) || WIDER_THAN_BYTE.test(bytes)) return bytes
  const array = new Uint8Array(bytes.length)
  for (let index = 0; index < bytes.length; index++) array[index] = bytes.charCodeAt(index)
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(array)
  } catch {
    return bytes
  }
}

/** A part's text as it is read: at most MAX_TEXT characters, UTF-8 held as bytes decoded, lines ending in LF. */
const partTextOf = (text: string): string =>
  // split/join: a regular expression replace is slow on a text of nothing but line breaks.
  textOf(text.slice(0, MAX_TEXT)).split("\r\n").join("\n")

/** The quoted message's header block (a headers part is nothing else): first value of each name. */
const originalOf = (headerBlock: string): ReportedOriginal => {
  const text = partTextOf(headerBlock)
  const headers = new Map<string, string>()
  for (const [name, value] of fieldsOf(text.slice(0, headerEndOf(text)), MAX_ORIGINAL_VALUE)) {
    if (headers.size >= MAX_ORIGINAL_HEADERS) break
    if (!headers.has(name)) headers.set(name, value)
  }
  // fromEntries defines own properties: a `__proto__` header is data, not a prototype.
  return { headers: Object.fromEntries(headers) }
}

/**
 * A bare address from a recipient field: the address type (`rfc822;`, `utf-8;`) dropped when
 * `typed`, angle brackets removed, the domain lowercase, at most MAX_RECIPIENT characters.
 */
const addressOf = (value: string | undefined, typed: boolean): string => {
  if (value === undefined) return ""
  const semicolon = typed ? value.indexOf(";") : -1
  let address = value.slice(semicolon + 1).trim()
  const open = address.indexOf("<")
  const close = address.indexOf(">", open)
  if (open >= 0 && close > open) address = address.slice(open + 1, close).trim()
  const at = address.lastIndexOf("@")
  return (at < 0 ? address : address.slice(0, at) + address.slice(at).toLowerCase()).slice(0, MAX_RECIPIENT)
}

const ACTIONS = new Set<RecipientOutcome["action"]>(["failed", "delayed", "delivered", "relayed", "expanded"])
const isAction = (text: string): text is RecipientOutcome["action"] => ACTIONS.has(text as RecipientOutcome["action"])
const LEADING_WORD = /^[A-Za-z0-9-]+/
/** An enhanced status code (RFC 3463): class, subject, detail; anything after it is a comment. */
const STATUS_CODE = /^[245]\.\d{1,3}\.\d{1,3}(?![\d.])/
/** The same code quoted inside a server's reply text, such as `550 5.1.1 <x@y>: ...` or `550-5.1.1`. */
const QUOTED_STATUS_CODE = /(?<![\d.])[245]\.\d{1,3}\.\d{1,3}(?![\d.])/

/** A diagnostic's text: its type (`smtp;`, `X-Exim;`) dropped, whitespace runs made one space. */
const diagnosticOf = (value: string | undefined): string | null => {
  if (value === undefined) return null
  const semicolon = value.indexOf(";")
  const typed = semicolon > 0 && LEADING_WORD.exec(value)?.[0].length === semicolon
  const text = (typed ? value.slice(semicolon + 1) : value).replace(/\s+/g, " ").trim().slice(0, MAX_DIAGNOSTIC)
  return text === "" ? null : text
}

/** Statuses that say the address itself is bad or gone. */
const HARD_STATUSES = new Set(["5.1.1", "5.1.2", "5.1.3", "5.1.6", "5.1.10", "5.2.1"])
/** Statuses too vague to decide on their own: the diagnostic decides. */
const GENERIC_STATUSES = new Set(["5.0.0", "5.1.0"])
/** How servers say "no such recipient" when their status is only 5.0.0, lowercase. */
const UNKNOWN_RECIPIENT = [
  "user unknown",
  "unknown user",
  "no such user",
  "no such mailbox",
  "no such recipient",
  "unknown recipient",
  "recipient unknown",
  "mailbox unknown",
  "unknown mailbox",
  "user not found",
  "mailbox not found",
  "recipient not found",
  "user does not exist",
  "mailbox does not exist",
  "account does not exist",
  "address does not exist",
  "no mailbox here by that name",
  "user doesn't have a",
  "invalid recipient",
  "invalid mailbox"
]

/** The first enhanced status code (RFC 3463) in a server's reply text, e.g. "550 5.1.1 <a@b>: User unknown" → "5.1.1"; "" if none. */
export const enhancedStatusIn = (text: string): string => QUOTED_STATUS_CODE.exec(text)?.[0] ?? ""

/**
 * Whether an enhanced status (e.g. "5.1.1") with the server's words marks the address itself bad:
 * the hard rule, shared with synchronous SMTP refusals. It is the rule `RecipientOutcome.hard`
 * states for an action `failed`. A code the diagnostic quotes outranks its words: "550 5.7.1 ...
 * user unknown" is a policy block that happens to say "user".
 */
export const isHardFailure = (status: string, diagnostic: string | null): boolean => {
  if (HARD_STATUSES.has(status)) return true
  if (!GENERIC_STATUSES.has(status) || diagnostic === null) return false
  const text = diagnostic.toLowerCase()
  const quoted = enhancedStatusIn(text)
  if (quoted !== "") return HARD_STATUSES.has(quoted)
  return UNKNOWN_RECIPIENT.some((phrase) => text.includes(phrase))
}

/** One per-recipient block; null for the per-message block and any block without an Action or an address. */
const outcomeOf = (fields: ReadonlyArray<Field>): RecipientOutcome | null => {
  const action = (LEADING_WORD.exec(valueOf(fields, "action") ?? "")?.[0] ?? "").toLowerCase()
  if (!isAction(action)) return null
  const recipient =
    addressOf(valueOf(fields, "final-recipient"), true) || addressOf(valueOf(fields, "original-recipient"), true)
  if (recipient === "") return null
  const status = STATUS_CODE.exec(valueOf(fields, "status") ?? "")?.[0] ?? ""
  const diagnostic = diagnosticOf(valueOf(fields, "diagnostic-code"))
  return { recipient, action, status, diagnostic, hard: action === "failed" && isHardFailure(status, diagnostic) }
}

/**
 * The outcomes of a delivery-status body: blocks of fields separated by blank lines, the first
 * per message. Every block with an Action counts, so a report that leaves out the per-message
 * block (some do) loses nothing.
 */
const outcomesOf = (text: string): Array<RecipientOutcome> => {
  const outcomes: Array<RecipientOutcome> = []
  const take = (block: string) => {
    const outcome = outcomeOf(fieldsOf(block))
    if (outcome !== null) outcomes.push(outcome)
  }
  let blockStart = 0
  let at = 0
  while (at < text.length && outcomes.length < MAX_RECIPIENTS) {
    const end = lineEndAfter(text, at)
    let cursor = at
    while (cursor < end && isSpace(text.charCodeAt(cursor))) cursor++
    if (cursor === end) {
      if (blockStart < at) take(text.slice(blockStart, at))
      blockStart = end + 1
    }
    at = end + 1
  }
  if (blockStart < text.length && outcomes.length < MAX_RECIPIENTS) take(text.slice(blockStart))
  return outcomes
}

const unrecognized = (reason: string): DeliveryReport => ({ kind: "unrecognized", reason })
const NOT_A_REPORT = "not a report: no delivery-status or feedback-report part in a multipart/report"

/**
 * What a message received at the bounce address reports, from its parts: a bounce, a complaint, or
 * why it is neither. A delivery-status part decides before a feedback-report part (a multipart/report
 * holds one or the other; one with both is read as a bounce). Never throws.
 */
export const interpretReport = (parts: ReportParts): DeliveryReport => {
  const original = parts.originalHeaders === undefined ? null : originalOf(parts.originalHeaders)
  if (parts.deliveryStatus !== undefined) {
    const outcomes = outcomesOf(partTextOf(parts.deliveryStatus))
    if (outcomes.length === 0) return unrecognized("a delivery-status part with no recipient block with an Action")
    return { kind: "bounce", outcomes, original }
  }
  if (parts.feedbackReport !== undefined) {
    // One block of fields; blank lines around it, which some generators add, are skipped.
    const fields = fieldsOf(partTextOf(parts.feedbackReport))
    const recipient = addressOf(valueOf(fields, "original-rcpt-to"), false)
    return {
      kind: "complaint",
      feedbackType: (LEADING_WORD.exec(valueOf(fields, "feedback-type") ?? "")?.[0] ?? "").toLowerCase(),
      recipient: recipient === "" ? null : recipient,
      original
    }
  }
  const autoReply = (parts.autoSubmitted ?? "").trim().toLowerCase().startsWith("auto-replied")
  return unrecognized(autoReply ? "an auto-reply, not a report" : NOT_A_REPORT)
}
