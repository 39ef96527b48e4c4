import type { components, operations, routes } from "./generated/index.js"

/** The type-level view of the contract: what each operation takes and answers. */

type Routes = typeof routes
export type OperationId = keyof Routes
type Operation<Id extends OperationId> = operations[Id]
type KindOf<Id extends OperationId> = Routes[Id] extends readonly [string, string, string, infer K] ? K : "call"

/** A property named K holding T: optional when T may be undefined, absent when T is never. */
type Field<K extends string, T> = [Exclude<T, undefined>] extends [never]
  ? { readonly [P in K]?: never }
  : undefined extends T
    ? { readonly [P in K]?: Exclude<T, undefined> }
    : { readonly [P in K]: T }

type Simplify<T> = { [K in keyof T]: T[K] } & {}

type Parameters<Op> = Op extends { readonly parameters: infer P } ? P : never
type ParameterField<Op, K extends "path" | "query" | "header"> = K extends keyof Parameters<Op>
  ? Parameters<Op>[K]
  : undefined

/** A body as JSON, a form's fields (sent form-encoded), or a file's bytes (sent as they are). */
type BodyContent<R> = R extends { readonly content: { readonly "application/json": infer B } }
  ? B
  : R extends { readonly content: { readonly "application/x-www-form-urlencoded": infer F } }
    ? F
    : R extends { readonly content: { readonly "application/octet-stream": unknown } }
      ? Blob | ArrayBuffer | Uint8Array
      : never
type RequestBody<Op> = Op extends { readonly requestBody: infer R }
  ? BodyContent<R>
  : Op extends { readonly requestBody?: infer R }
    ? BodyContent<R> | undefined
    : undefined

/** What a call takes: the path's ids, the query, the body (JSON, a form's fields or bytes) and the headers the operation declares. */
export type Input<Id extends OperationId> = Simplify<
  Field<"path", ParameterField<Operation<Id>, "path">> &
    Field<"query", ParameterField<Operation<Id>, "query">> &
    Field<"body", RequestBody<Operation<Id>>> &
    Field<"headers", ParameterField<Operation<Id>, "header">>
>

type Responses<Op> = Op extends { readonly responses: infer R } ? R : never
type ContentOf<R> = R extends { readonly content: infer C } ? C[keyof C] : undefined
type SuccessStatus<Op> = Extract<keyof Responses<Op>, 100 | 101 | 200 | 201 | 202 | 204>
type ErrorStatus<Op> = Exclude<keyof Responses<Op>, SuccessStatus<Op>> & number

/** The body of a successful answer: bytes (a file, an archive) as a stream to read as it arrives. */
export type Data<Id extends OperationId> = KindOf<Id> extends "download"
  ? ReadableStream<Uint8Array>
  : ContentOf<Responses<Operation<Id>>[SuccessStatus<Operation<Id>>]>

/** One error the operation documents: the common error body's `error`, with its status. */
type ErrorAt<Op, S extends number> =
  ContentOf<Responses<Op>[S & keyof Responses<Op>]> extends infer Body
    ? Body extends { readonly error: infer E }
      ? E & { readonly status: S }
      : never
    : never

/** Every error the operation documents, `code` narrowed to the codes each status carries. */
export type ApiError<Id extends OperationId> = {
  [S in ErrorStatus<Operation<Id>>]: ErrorAt<Operation<Id>, S>
}[ErrorStatus<Operation<Id>>]

/** The rate-limit headers of an answer. */
export interface RateLimit {
  readonly limit: number
  readonly remaining: number
  /** When the window ends, in unix seconds. */
  readonly reset: number
}

/** What every answer carries beside its body. */
export interface ResponseMeta {
  readonly status: number
  /** `X-Request-ID`, also in an error's `requestId`: quote it when reporting a problem. */
  readonly requestId: string | null
  /** `X-RateLimit-*`, on the public `/v1` routes. */
  readonly rateLimit: RateLimit | null
  /** The answer itself, for any other header. Its body has been read, but for a download's (`data`). */
  readonly response: Response
}

export type Result<Id extends OperationId> =
  | (ResponseMeta & { readonly data: Data<Id>; readonly error?: undefined })
  | (ResponseMeta & { readonly data?: undefined; readonly error: ApiError<Id> })

/** Per call: a signal to abort it, its own timeout and retry budget, extra headers. */
export interface RequestOptions {
  readonly signal?: AbortSignal | undefined
  /** Milliseconds each attempt may take; the client's `timeoutMs` by default. */
  readonly timeoutMs?: number | undefined
  /** Retries after the first attempt; the client's `maxRetries` by default. */
  readonly maxRetries?: number | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/** One server-sent event. */
export interface ServerSentEvent {
  /** The event's name; `message` when the server names none. */
  readonly event: string
  readonly data: string
  /** The event id, sent back as `Last-Event-ID` when the stream reconnects. */
  readonly id: string | undefined
}

/** A live stream of server-sent events that reconnects where it left off until closed. */
export interface EventStream extends AsyncIterableIterator<ServerSentEvent> {
  close(): void
}

/** The items of a cursor-paginated answer. */
export type PageItem<Id extends OperationId> =
  Data<Id> extends { readonly data: ReadonlyArray<infer I>; readonly meta: { readonly nextCursor: unknown } }
    ? I
    : Data<Id> extends { readonly items: ReadonlyArray<infer I>; readonly nextCursor: unknown }
      ? I
      : never

type Call<Id extends OperationId, R> = {} extends Input<Id>
  ? (input?: Input<Id>, options?: RequestOptions) => R
  : (input: Input<Id>, options?: RequestOptions) => R

/** A client method, by the kind of operation. */
export type Method<Id extends OperationId> = KindOf<Id> extends "events"
  ? Call<Id, EventStream>
  : KindOf<Id> extends "socket" | `socket+${string}`
    ? Call<Id, Promise<string>>
    : KindOf<Id> extends "page"
      ? Call<Id, Promise<Result<Id>>> & {
          /** Every item, page after page, following `nextCursor`; an error answer throws a ServiceKitApiError. */
          readonly all: Call<Id, AsyncIterableIterator<PageItem<Id>>>
        }
      : Call<Id, Promise<Result<Id>>>

type GroupOf<Id> = Id extends `${infer G}.${string}` ? G : never

/** Every operation of the contract, as `client.<group>.<operation>`. */
export type Client = {
  readonly [G in GroupOf<OperationId>]: {
    readonly [Id in OperationId as Id extends `${G}.${infer Name}` ? Name : never]: Method<Id>
  }
}

/** A schema of the contract by name, e.g. `Schema<"Call">`. */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name]
