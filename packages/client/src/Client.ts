import { ServiceKitApiError, ServiceKitUnexpectedResponse } from "./Errors.js"
import { followEvents } from "./EventStream.js"
import { routes } from "./generated/index.js"
import { type Credential, type Outgoing, type Transport, credentialOf, send } from "./Transport.js"
import type { Client, RateLimit, RequestOptions } from "./Types.js"

export interface ClientOptions {
  /** Where the kit is mounted, e.g. `https://example.com/api`: every route's path follows it. */
  readonly baseUrl: string
  /** An API key, for the public `/v1` routes. */
  readonly apiKey?: Credential | undefined
  /** A tenant user's dashboard JWT, for the dashboard routes; a function may answer a renewed one. */
  readonly dashboardToken?: Credential | undefined
  /** Any other bearer credential: a visitor token, a node's device secret, the platform admin token. */
  readonly token?: Credential | undefined
  /** Milliseconds each attempt may take; 30 s by default. */
  readonly timeoutMs?: number | undefined
  /** Retries of a call that may be retried (see the README); 2 by default. */
  readonly maxRetries?: number | undefined
  /** The longest wait before a retry (a longer `Retry-After` answers the 429 instead); 60 s by default. */
  readonly maxRetryDelayMs?: number | undefined
  /** Headers sent with every request. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** The fetch to use: the global one by default; e.g. an embedded kit's `handler`. */
  readonly fetch?: typeof globalThis.fetch | undefined
}

type Route = readonly [method: string, path: string, errorStatuses: string, kind?: string]

/** Loose views of what a call takes and answers, for the runtime; the types are in Types.ts. */
interface LooseInput {
  readonly path?: Readonly<Record<string, string | number>>
  readonly query?: Readonly<Record<string, unknown>>
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
}

const pathOf = (template: string, values: LooseInput["path"]) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values?.[name]
    if (value === undefined || value === "") throw new TypeError(`The path needs ${name}.`)
    return encodeURIComponent(String(value))
  })

const queryOf = (query: LooseInput["query"]) => {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(name, String(item))
    }
  }
  const text = params.toString()
  return text === "" ? "" : `?${text}`
}

const rateLimitOf = (headers: Headers): RateLimit | null => {
  const limit = headers.get("x-ratelimit-limit")
  if (limit === null) return null
  return {
    limit: Number(limit),
    remaining: Number(headers.get("x-ratelimit-remaining")),
    reset: Number(headers.get("x-ratelimit-reset"))
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The common error body's `error`, with the answer's status; undefined for anything else. */
const errorOf = (status: number, text: string) => {
  const body = parseJson(text) as { error?: { code?: unknown } } | undefined
  return typeof body?.error?.code === "string" ? { ...body.error, status } : undefined
}

/** An error answer as the route documents it, or what it is when it does not. */
const documentedError = (route: Route, response: Response, text: string) => {
  const error = route[2].split(" ").includes(String(response.status)) ? errorOf(response.status, text) : undefined
  if (error !== undefined) return error as { code: string; status: number }
  throw new ServiceKitUnexpectedResponse(response.status, text, response.headers.get("x-request-id"))
}

/** Every operation of the contract as `client.<group>.<operation>(input, options)`. */
export const createClient = (options: ClientOptions): Client => {
  const credentials = [options.apiKey, options.dashboardToken, options.token].filter((c) => c !== undefined)
  if (credentials.length > 1) throw new TypeError("Give one of apiKey, dashboardToken or token: a client has one credential.")
  const transport: Transport = {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    credential: credentials[0],
    headers: options.headers ?? {},
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRetries: options.maxRetries ?? 2,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000
  }

  const prepare = async ([method, path, , kind]: Route, input: LooseInput = {}, call: RequestOptions = {}): Promise<Outgoing> => {
    const headers: Record<string, string> = { ...transport.headers, ...input.headers, ...call.headers }
    const credential = await credentialOf(transport.credential)
    if (credential !== undefined) headers.authorization = `Bearer ${credential}`
    // A form's body is its fields, form-encoded (a carrier's callback); a file's, its bytes; every other body is JSON.
    const form = kind === "form"
    const bytes = kind === "bytes"
    if (input.body !== undefined) {
      headers["content-type"] = form ? "application/x-www-form-urlencoded" : bytes ? "application/octet-stream" : "application/json"
    }
    return {
      method,
      url: `${transport.baseUrl}${pathOf(path, input.path)}${queryOf(input.query)}`,
      headers,
      body:
        input.body === undefined
          ? undefined
          : form
            ? new URLSearchParams(input.body as Record<string, string>).toString()
            : bytes
              ? (input.body as Blob | ArrayBuffer | Uint8Array)
              : JSON.stringify(input.body)
    }
  }

  const metaOf = (response: Response) => ({
    status: response.status,
    requestId: response.headers.get("x-request-id"),
    rateLimit: rateLimitOf(response.headers),
    response
  })

  const call = (route: Route) => async (input?: LooseInput, call: RequestOptions = {}) => {
    const { response, text = "" } = await send(transport, await prepare(route, input, call), call)
    const meta = metaOf(response)
    if (response.status >= 400) return { ...meta, data: undefined, error: documentedError(route, response, text) }
    // 204 No Content: nothing to read.
    if (response.status === 204) return { ...meta, data: undefined, error: undefined }
    const json = (response.headers.get("content-type") ?? "").includes("json")
    return { ...meta, data: json ? parseJson(text) : text, error: undefined }
  }

  /** Bytes answered (a file, an archive): the body's stream as it arrives, for the caller to read or save. */
  const download = (route: Route) => async (input?: LooseInput, call: RequestOptions = {}) => {
    const { response } = await send(transport, await prepare(route, input, call), call, false)
    const meta = metaOf(response)
    if (response.status >= 400) return { ...meta, data: undefined, error: documentedError(route, response, await response.text()) }
    return { ...meta, data: response.body ?? new Blob([]).stream(), error: undefined }
  }

  /** Every item of every page, following the cursor until it runs out. */
  const all = (route: Route) =>
    async function* (input: LooseInput = {}, options: RequestOptions = {}) {
      let cursor = input.query?.cursor
      for (;;) {
        const result = await call(route)({ ...input, query: { ...input.query, cursor } }, options)
        if (result.error !== undefined) throw new ServiceKitApiError(result.error)
        const page = result.data as { data?: Array<unknown>; items?: Array<unknown>; meta?: { nextCursor?: unknown }; nextCursor?: unknown }
        yield* page.data ?? page.items ?? []
        cursor = page.meta !== undefined ? page.meta.nextCursor : page.nextCursor
        if (cursor === null || cursor === undefined) return
      }
    }

  /**
   * A WebSocket URL for the route, the credential in its query where the route reads it there
   * (`socket+<parameter>`): a browser cannot set a WebSocket's headers.
   */
  const socketUrl = (route: Route) => async (input: LooseInput = {}) => {
    const parameter = route[3]?.split("+")[1]
    const query = parameter === undefined ? input.query : { ...input.query, [parameter]: await credentialOf(transport.credential) }
    const http = new URL(`${transport.baseUrl}${pathOf(route[1], input.path)}${queryOf(query)}`, globalThis.location?.href)
    http.protocol = http.protocol === "https:" ? "wss:" : "ws:"
    return http.toString()
  }

  const events = (route: Route) => (input?: LooseInput, options: RequestOptions = {}) =>
    followEvents(
      transport,
      () => prepare(route, input, options),
      options,
      (response, text) => new ServiceKitApiError(documentedError(route, response, text))
    )

  const client: Record<string, Record<string, unknown>> = {}
  for (const [id, route] of Object.entries(routes) as Array<[string, Route]>) {
    const dot = id.indexOf(".")
    const group = (client[id.slice(0, dot)] ??= {})
    group[id.slice(dot + 1)] =
      route[3] === "events"
        ? events(route)
        : route[3]?.startsWith("socket")
          ? socketUrl(route)
          : route[3] === "page"
            ? Object.assign(call(route), { all: all(route) })
            : route[3] === "download"
              ? download(route)
              : call(route)
  }
  return client as unknown as Client
}
