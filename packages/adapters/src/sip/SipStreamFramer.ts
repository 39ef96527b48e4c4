import { MAX_SIP_MESSAGE_BYTES } from "@servicekit/core/internal"

const HEAD_END = Buffer.from("\r\n\r\n")
const CONTENT_LENGTH = /^(?:content-length|l)[ \t]*:[ \t]*(\d+)[ \t]*$/im

/**
 * Splits a TCP or TLS byte stream into SIP messages (RFC 3261 §18.3): each head ends at an
 * empty line and its Content-Length says how many body bytes follow. CRLF keep-alives between
 * messages (RFC 5626) are skipped. `push` returns the whole messages received so far, or
 * undefined once the peer sends something no SIP message can be (the caller closes).
 */
export const makeSipStreamFramer = () => {
  let buffered: Buffer = Buffer.alloc(0)
  return {
    push: (chunk: Buffer): Array<string> | undefined => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
      const messages: Array<string> = []
      for (;;) {
        let start = 0
        while (start < buffered.length && (buffered[start] === 0x0d || buffered[start] === 0x0a)) start++
        buffered = buffered.subarray(start)
        const headEnd = buffered.indexOf(HEAD_END)
        if (headEnd < 0) return buffered.length > MAX_SIP_MESSAGE_BYTES ? undefined : messages
        const length = Number(CONTENT_LENGTH.exec(buffered.subarray(0, headEnd).toString("latin1"))?.[1] ?? 0)
        const total = headEnd + HEAD_END.length + length
        if (total > MAX_SIP_MESSAGE_BYTES) return undefined
        if (buffered.length < total) return messages
        messages.push(buffered.subarray(0, total).toString("utf8"))
        buffered = buffered.subarray(total)
      }
    }
  }
}
