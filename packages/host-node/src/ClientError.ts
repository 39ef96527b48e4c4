import { STATUS_CODES } from "node:http"
import type { Duplex } from "node:stream"
import { errorBody } from "@servicekit/core/internal"

const refusalOf = (code: string | undefined) => {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, code: "headers_too_large", message: "The request headers are too large." }
    case "ERR_HTTP_REQUEST_TIMEOUT":
    case "HPE_HEADER_TIMEOUT":
      return { status: 408, code: "request_timeout", message: "The request did not arrive in time." }
    default:
      return { status: 400, code: "malformed_request", message: "The request is not valid HTTP/1.1." }
  }
}

/**
 * node:http's `clientError`: a request the parser refuses (headers too large, a malformed request
 * line, bare LF line endings) is answered in the common error body with an `X-Request-ID`, rather
 * than node's bare status line, and the connection is closed. Attach it to your own server with
 * `server.on("clientError", answerClientError)` when mounting ServiceKit there.
 */
export const answerClientError = (error: Error & { readonly code?: string }, socket: Duplex): void => {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy()
    return
  }
  const refusal = refusalOf(error.code)
  const requestId = globalThis.crypto.randomUUID()
  const body = errorBody(refusal, requestId)
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
      "Content-Type: application/json\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-ID: ${requestId}\r\n` +
      "Connection: close\r\n\r\n" +
      body
  )
}
