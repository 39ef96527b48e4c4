import { Cookies, type HttpServerResponse } from "@effect/platform"
import { type Runtime, Stream } from "effect"

/** A response body: text and bytes are written at once, a stream with backpressure. */
export type ResponseBody = string | Uint8Array | ReadableStream<Uint8Array> | undefined

/** Lower-case header names; `set-cookie` may hold several values. */
export type ResponseHeaders = Record<string, string | ReadonlyArray<string>>

/** A response as every host writes it. */
export interface OutgoingResponse {
  readonly status: number
  readonly headers: Readonly<ResponseHeaders>
  readonly body: ResponseBody
}

/** A response whose headers the engine completes (request id, rate limit) before handing it over. */
export interface Draft extends OutgoingResponse {
  readonly headers: ResponseHeaders
}

/** A whole response from a handler (the escape hatch beside the compiled encoders). */
export const fromServerResponse = (
  response: HttpServerResponse.HttpServerResponse,
  runtime: Runtime.Runtime<never>
): Draft => {
  const headers: ResponseHeaders = { ...response.headers }
  const cookies = Cookies.toSetCookieHeaders(response.cookies)
  if (cookies.length > 0) headers["set-cookie"] = cookies
  const body = response.body
  switch (body._tag) {
    case "Empty":
      return { status: response.status, headers, body: undefined }
    case "Uint8Array":
      headers["content-type"] ??= body.contentType
      return { status: response.status, headers, body: body.body }
    case "Raw": {
      if (body.contentType !== undefined) headers["content-type"] ??= body.contentType
      const raw = body.body
      if (typeof raw === "string" || raw instanceof Uint8Array || raw instanceof ReadableStream) {
        return { status: response.status, headers, body: raw }
      }
      throw new TypeError("A raw response body must be a string, a Uint8Array or a ReadableStream")
    }
    case "Stream":
      headers["content-type"] ??= body.contentType
      return { status: response.status, headers, body: Stream.toReadableStreamRuntime(body.stream, runtime) }
    case "FormData":
      throw new TypeError("FormData response bodies are not served")
  }
}
