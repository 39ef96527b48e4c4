import { ServiceKitConnectionError } from "./Errors.js"
import type { RequestOptions } from "./Types.js"

/** A bearer credential, or a function that answers the current one (a dashboard token that is renewed). */
export type Credential = string | (() => string | Promise<string>)

/** How the client reaches the server: fixed when it is created. */
export interface Transport {
  readonly baseUrl: string
  readonly fetch: typeof globalThis.fetch
  readonly credential: Credential | undefined
  readonly headers: Readonly<Record<string, string>>
  readonly timeoutMs: number
  readonly maxRetries: number
  readonly maxRetryDelayMs: number
}

/** One request, ready to send (and to send again). */
export interface Outgoing {
  readonly method: string
  readonly url: string
  readonly headers: Record<string, string>
  /** JSON or form text, or a file's bytes. */
  readonly body?: string | Blob | ArrayBuffer | Uint8Array | undefined
}

// Sending these again cannot do a thing twice; a POST or PATCH can, unless it carries an
// Idempotency-Key the server deduplicates on.
const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"])

export const credentialOf = async (credential: Credential | undefined): Promise<string | undefined> =>
  typeof credential === "function" ? await credential() : credential

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const abort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort)
      resolve()
    }, ms)
    signal?.addEventListener("abort", abort, { once: true })
  })

/** Exponential backoff from half a second, capped at 8 s, with jitter so clients do not retry in step. */
export const backoffMs = (attempt: number): number => Math.min(8_000, 500 * 2 ** attempt) * (0.75 + Math.random() / 2)

/** `Retry-After` in milliseconds: seconds or an HTTP date. */
export const retryAfterMs = (headers: Headers): number | undefined => {
  const value = headers.get("retry-after")
  if (value === null) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now())
}

/** A signal for one attempt: aborted by the caller's signal or when the attempt runs out of time. */
const attemptSignal = (caller: AbortSignal | undefined, timeoutMs: number) => {
  const controller = new AbortController()
  let timedOut = false
  const abort = () => controller.abort(caller?.reason)
  caller?.addEventListener("abort", abort, { once: true })
  if (caller?.aborted) abort()
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new ServiceKitConnectionError(`No answer within ${timeoutMs} ms.`, true))
  }, timeoutMs)
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    /** Ends the time limit; a stream still being read stays tied to the caller's signal. */
    done: (streaming: boolean) => {
      clearTimeout(timer)
      if (!streaming) caller?.removeEventListener("abort", abort)
    }
  }
}

export interface Answer {
  readonly response: Response
  /** The body, read within the attempt's time; undefined when the caller reads the stream itself. */
  readonly text: string | undefined
}

/**
 * Sends a request within a time limit per attempt, retrying what is safe: a 429 after its
 * `Retry-After` (the request was refused before it ran); network failures, timeouts, 502, 503 and
 * 504 only for requests that cannot do a thing twice (idempotent methods, or an Idempotency-Key).
 * A wait longer than `maxRetryDelayMs` is not taken: the answer is returned as it is.
 */
export const send = async (
  transport: Transport,
  outgoing: Outgoing,
  options: RequestOptions,
  readBody = true
): Promise<Answer> => {
  const retries = options.maxRetries ?? transport.maxRetries
  const timeoutMs = options.timeoutMs ?? transport.timeoutMs
  const replayable =
    IDEMPOTENT.has(outgoing.method) || Object.keys(outgoing.headers).some((name) => name.toLowerCase() === "idempotency-key")
  for (let attempt = 0; ; attempt++) {
    const { done, signal, timedOut } = attemptSignal(options.signal, timeoutMs)
    let answer: Answer | undefined
    try {
      const response = await transport.fetch(outgoing.url, { ...outgoing, body: outgoing.body as BodyInit | undefined, signal })
      answer = { response, text: readBody ? await response.text() : undefined }
    } catch (cause) {
      if (options.signal?.aborted) throw options.signal.reason
      if (replayable && attempt < retries) {
        await sleep(backoffMs(attempt), options.signal)
        continue
      }
      throw timedOut()
        ? new ServiceKitConnectionError(`No answer from ${outgoing.url} within ${timeoutMs} ms.`, true, { cause })
        : new ServiceKitConnectionError(`Could not reach ${outgoing.url}.`, false, { cause })
    } finally {
      done(!readBody && answer !== undefined)
    }
    const { status } = answer.response
    const retryable = status === 429 || (replayable && (status === 502 || status === 503 || status === 504))
    if (retryable && attempt < retries) {
      const wait = retryAfterMs(answer.response.headers) ?? backoffMs(attempt)
      if (wait <= transport.maxRetryDelayMs) {
        if (answer.text === undefined) await answer.response.body?.cancel()
        await sleep(wait, options.signal)
        continue
      }
    }
    return answer
  }
}
