import type { ReportParts } from "@servicekit/core/internal"
import { type AttachmentStream, type Headers, MailParser, type MessageText } from "mailparser"

export type { ReportParts }

/** Larger messages are not parsed: a report quotes at most the original (the inbound listener's default limit). */
const MAX_MESSAGE_BYTES = 1024 * 1024
/**
 * MIME parts parsed, the message itself included; past it mailparser stops with an error. Real
 * reports have a handful (Gmail's, in a gateway's multipart/mixed, nine); it also bounds nesting,
 * for which mailparser has no limit of its own.
 */
const MAX_PARTS = 50
/** A parse that has not ended by then is given up: 1 MB takes well under a second. */
const MAX_PARSE_MILLIS = 10_000

const STATUS_TYPES = new Set(["message/delivery-status", "message/global-delivery-status"])
const FEEDBACK_TYPE = "message/feedback-report"
/** Parts quoting the whole original message, and parts quoting only its headers (RFC 6533's global forms too). */
const MESSAGE_TYPES = new Set(["message/rfc822", "message/global"])
const HEADER_TYPES = new Set(["text/rfc822-headers", "message/global-headers"])
const WANTED_TYPES = new Set([...STATUS_TYPES, FEEDBACK_TYPE, ...MESSAGE_TYPES, ...HEADER_TYPES])

/**
 * A node of the tree MailParser builds as it parses (its `tree` property). The tree is not part of
 * mailparser's typed API but the only place that says which multipart a part sits in; it is read
 * defensively, and the tests pin what is read of it.
 */
interface ParsedNode {
  readonly contentType?: unknown
  readonly headers?: unknown
  readonly children?: unknown
}

const childrenOf = (node: ParsedNode): ReadonlyArray<ParsedNode> =>
  Array.isArray(node.children) ? (node.children as ReadonlyArray<ParsedNode>) : []

/**
 * The first multipart/report in the tree, depth first: the message itself, or one inside a
 * multipart/mixed (or alternative, related) as some servers and gateways wrap it. Embedded
 * messages are not parsed (`ignoreEmbedded`), so a forwarded report, somebody else's, is not found.
 */
const firstReportIn = (tree: ParsedNode): ParsedNode | undefined => {
  const stack: Array<ParsedNode> = [tree]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.contentType === "multipart/report") return node
    stack.push(...[...childrenOf(node)].reverse())
  }
  return undefined
}

/** Text as it came: UTF-8 when it is valid UTF-8, else one character per byte (Latin-1). */
const textOf = (bytes: Buffer): string => {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return bytes.toString("latin1")
  }
}

/** A message's header block: up to its first empty line, or all of it when there is none. */
const headerBlockOf = (message: string): string => {
  const blank = /(?:^|\n)\r?\n/.exec(message)
  return blank === null ? message : message.slice(0, blank.index)
}

const firstString = (value: unknown): string | undefined =>
  typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : undefined

/** The content of the wanted parts, by the header maps of their nodes. */
type Contents = Map<unknown, Buffer>

/**
 * Parses the message with mailparser; resolves with its root headers, its parse tree, and the
 * content of the parts that can bear on a report, by their header maps (the objects the tree's
 * nodes hold too). Rejects on any parser error.
 */
const parse = (bytes: Buffer) =>
  new Promise<{ readonly headers: Headers | false; readonly tree: ParsedNode; readonly contents: Contents }>(
    (resolve, reject) => {
      const parser = new MailParser({
        // A status part is an attachment like the others, not a piece of the message's text.
        keepDeliveryStatus: true,
        // A quoted message stays one part, its bytes as they are: a forwarded report inside is not ours.
        ignoreEmbedded: true,
        maxChildNodes: MAX_PARTS,
        checksumAlgo: false,
        skipHtmlToText: true,
        skipTextToHtml: true,
        skipTextLinks: true,
        skipImageLinks: true
      })
      const contents: Contents = new Map()
      const timer = setTimeout(() => fail(new Error("mailparser took too long")), MAX_PARSE_MILLIS)
      timer.unref?.()
      let settled = false
      const fail = (error: unknown) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        parser.destroy()
        reject(error)
      }
      parser.on("error", fail)
      parser.on("data", (data: AttachmentStream | MessageText) => {
        if (data.type !== "attachment") return
        const wanted = WANTED_TYPES.has(data.contentType)
        const chunks: Array<Buffer> = []
        // Every attachment is read to its end and released, or the parser waits for it forever.
        data.content.on("data", (chunk: Buffer) => {
          if (wanted) chunks.push(chunk)
        })
        data.content.on("error", fail)
        data.content.on("end", () => {
          if (wanted) contents.set(data.headers, Buffer.concat(chunks))
          data.release?.()
        })
      })
      parser.on("end", () => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        const tree = (parser as unknown as { readonly tree?: unknown }).tree
        resolve({ headers: parser.headers, tree: typeof tree === "object" && tree !== null ? tree : {}, contents })
      })
      parser.end(bytes)
    }
  )

/**
 * The parts of a received message that bear on a report (bounce or complaint), split by
 * mailparser: the first delivery-status part, the first feedback-report part and the first quoted
 * original (its header block) among the parts of the first multipart/report, and the message's
 * Auto-Submitted header. Parts outside a multipart/report are somebody's attachments, not a report.
 *
 * Anyone can write to the bounce address, so this never rejects and bounds its work: a message of
 * more than 1 MB, one of more than 50 MIME parts, and one mailparser fails on give `{}`. A string
 * is read as UTF-8 text.
 */
export const reportPartsOf = async (raw: Uint8Array | string): Promise<ReportParts> => {
  try {
    if (raw.length > MAX_MESSAGE_BYTES) return {}
    const bytes =
      typeof raw === "string" ? Buffer.from(raw, "utf8") : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)
    if (bytes.length > MAX_MESSAGE_BYTES) return {}
    const { contents, headers, tree } = await parse(bytes)
    const autoSubmitted = headers === false ? undefined : firstString(headers.get("auto-submitted"))
    const report = firstReportIn(tree)
    const parts = report === undefined ? [] : childrenOf(report)
    const contentOf = (types: ReadonlySet<string>) => {
      for (const part of parts) {
        const content = contents.get(part.headers)
        if (typeof part.contentType === "string" && types.has(part.contentType) && content !== undefined) return content
      }
      return undefined
    }
    const status = contentOf(STATUS_TYPES)
    const feedback = contentOf(new Set([FEEDBACK_TYPE]))
    const quoted = contentOf(new Set([...MESSAGE_TYPES, ...HEADER_TYPES]))
    return {
      ...(status === undefined ? {} : { deliveryStatus: textOf(status) }),
      ...(feedback === undefined ? {} : { feedbackReport: textOf(feedback) }),
      ...(quoted === undefined ? {} : { originalHeaders: headerBlockOf(textOf(quoted)) }),
      ...(autoSubmitted === undefined ? {} : { autoSubmitted })
    }
  } catch {
    return {}
  }
}
