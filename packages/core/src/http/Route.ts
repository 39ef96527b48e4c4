import {
  type HttpApiEndpoint,
  HttpApiMiddleware,
  HttpApiSchema,
  HttpMethod,
  HttpServerResponse
} from "@effect/platform"
import { Context, Effect, FiberRef, Option, type Runtime, Schema, type SchemaAST as AST } from "effect"
import { ApiError } from "./ApiError.js"
import { screenJson, screenValues } from "./Inputs.js"
import type { Handler } from "./Implement.js"
import { jsonWriter } from "./JsonWriter.js"
import { MaxBodyBytes, type RequestState, readBytes, readText } from "./RequestContext.js"
import { type Draft, fromServerResponse } from "./Response.js"
import type { EndpointGuard } from "./Security.js"

/** One endpoint as `HttpApi.reflect` describes it, with the mount prefix applied. */
export interface EndpointDescription {
  readonly name: string
  readonly endpoint: HttpApiEndpoint.HttpApiEndpoint.AnyWithProps
  readonly annotations: Context.Context<never>
  readonly middleware: ReadonlySet<HttpApiMiddleware.TagClassAny>
  readonly payloads: ReadonlyMap<string, { readonly encoding: HttpApiSchema.Encoding; readonly ast: AST.AST }>
  readonly successes: ReadonlyMap<number, { readonly ast: Option.Option<AST.AST> }>
  readonly errors: ReadonlyMap<number, { readonly ast: Option.Option<AST.AST> }>
}

export interface Route {
  readonly name: string
  readonly method: string
  /** The path pattern, e.g. `/api/v1/voice/calls/:id`. */
  readonly path: string
  readonly segments: ReadonlyArray<string>
  readonly run: (
    params: Record<string, string>,
    query: URLSearchParams,
    state: RequestState
  ) => Effect.Effect<Draft, unknown>
  /** The status the contract declares for a typed failure of this endpoint. */
  readonly statusOf: (error: unknown) => number | undefined
}

/** A feature of the contract the engine does not serve; reported at start, naming the endpoint. */
export class Refusal {
  constructor(
    readonly endpoint: string,
    readonly reason: string
  ) {}
}

type Encode = (value: unknown) => Draft

const json = (status: number, body: string): Draft => ({
  status,
  headers: { "content-type": "application/json" },
  body
})

/** Query parameters as the schemas expect them: a repeated key becomes an array. */
const queryRecord = (query: URLSearchParams): Record<string, string | Array<string>> => {
  const out: Record<string, string | Array<string>> = {}
  for (const [key, value] of query) {
    const previous = out[key]
    out[key] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value]
  }
  return out
}

const invalidJson = () =>
  new ApiError({ status: 400, code: "invalid_body", message: "The request body is not valid JSON." })

/** Reads the raw body the way the payload's encoding says. */
const bodyReader = (
  kind: HttpApiSchema.Encoding["kind"]
): ((state: RequestState) => Effect.Effect<unknown, ApiError>) => {
  switch (kind) {
    case "Json":
      return (state) =>
        Effect.flatMap(readText(state), (text) =>
          text.length === 0
            ? Effect.succeed(undefined)
            : Effect.flatMap(Effect.try({ try: () => JSON.parse(text) as unknown, catch: invalidJson }), (body) => {
                const refused = screenJson(body)
                return refused === undefined ? Effect.succeed(body) : Effect.fail(refused)
              })
        )
    case "Text":
      return readText
    case "Uint8Array":
      return readBytes
    case "UrlParams":
      return (state) =>
        Effect.flatMap(readText(state), (text) => {
          const fields = new URLSearchParams(text)
          const refused = screenValues(fields)
          return refused === undefined ? Effect.succeed(queryRecord(fields)) : Effect.fail(refused)
        })
  }
}

const syncDecoder = (schema: Schema.Schema.Any) => Schema.decodeUnknownEither(schema as Schema.Schema<any, unknown>)

/** Encodes a handler's value for one declared success status. */
const successAt = (status: number, ast: Option.Option<AST.AST>): Encode => {
  if (Option.isNone(ast)) return () => ({ status, headers: {}, body: undefined })
  const encoding = HttpApiSchema.getEncoding(ast.value)
  const contentType = encoding.contentType
  if (encoding.kind === "Json") {
    const write = jsonWriter({ ast: ast.value })
    // The JSON fast path: one status, a compiled writer.
    return contentType === "application/json"
      ? (value) => json(status, write(value))
      : (value) => ({ status, headers: { "content-type": contentType }, body: write(value) })
  }
  const encode = Schema.encodeSync(Schema.make(ast.value))
  switch (encoding.kind) {
    case "Text":
      return (value) => ({ status, headers: { "content-type": contentType }, body: encode(value) as string })
    case "Uint8Array":
      return (value) => ({ status, headers: { "content-type": contentType }, body: encode(value) as Uint8Array })
    case "UrlParams":
      return (value) => ({
        status,
        headers: { "content-type": contentType },
        body: new URLSearchParams(encode(value) as Record<string, string>).toString()
      })
  }
}

/** The encoder for an endpoint's successes: one status directly, several by the first member the value matches. */
const successEncoder = (successes: EndpointDescription["successes"]): Encode => {
  const members = [...successes].map(([status, { ast }]) => ({
    is: Option.match(ast, {
      onNone: () => (value: unknown) => value === undefined,
      onSome: (ast) => Schema.is(Schema.make(ast))
    }),
    encode: successAt(status, ast)
  }))
  if (members.length === 1) return members[0].encode
  return (value) => (members.find((member) => member.is(value)) ?? members[0]).encode(value)
}

const errorStatus = (errors: EndpointDescription["errors"]) => {
  let members: Array<readonly [number, (u: unknown) => boolean]> | undefined
  // Built on the first failure: only error paths pay for it.
  return (error: unknown) => {
    members ??= [...errors].flatMap(([status, { ast }]) =>
      Option.isSome(ast) ? [[status, Schema.is(Schema.make(ast.value))] as const] : []
    )
    return members.find(([, is]) => is(error))?.[0]
  }
}

/**
 * The endpoint's middleware as one wrapper: each guard runs before the handler, in declaration
 * order, and what it establishes is added to the request fiber's context.
 */
const guardsOf = (
  description: EndpointDescription,
  guards: ReadonlyMap<HttpApiMiddleware.TagClassAny, EndpointGuard>,
  context: Context.Context<never>,
  refuse: (reason: string) => void
) => {
  const compiled = [...description.middleware].flatMap((tag) => {
    let guard = guards.get(tag)
    if (guard === undefined) {
      if (HttpApiMiddleware.isSecurity(tag)) {
        refuse(`security middleware ${tag.key} is not served; use ApiKeyAuth or DashboardAuth`)
        return []
      }
      const implementation = Context.getOption(
        context,
        tag as unknown as Context.Tag<any, Effect.Effect<unknown, unknown>>
      )
      if (Option.isNone(implementation)) {
        refuse(`middleware ${tag.key} has no implementation: add its layer to the product's middleware`)
        return []
      }
      guard = () => implementation.value
    }
    const check = guard(description.annotations)
    if ("refused" in check) {
      refuse(check.refused)
      return []
    }
    return [{ check, provides: (tag as { provides?: Context.Tag<any, any> }).provides }]
  })
  // The request's fiber runs nothing after the handler, so what a middleware provides is added
  // to its context for good: restoring it (Effect.provideService) would cost more than the route.
  return (effect: Effect.Effect<Draft, unknown, any>) =>
    compiled.reduceRight(
      (inner, { check, provides }) =>
        provides === undefined
          ? Effect.zipRight(check, inner)
          : Effect.flatMap(check, (value) =>
              Effect.zipRight(
                FiberRef.update(FiberRef.currentContext, (current) => Context.add(current, provides, value)),
                inner
              )
            ),
      effect
    )
}

/** Path segments; `:name` captures one segment. Optional and wildcard segments are not served. */
const segmentsOf = (path: string, refuse: (reason: string) => void) => {
  const segments = path.split("/").filter((s) => s.length > 0)
  for (const segment of segments) {
    if (segment.endsWith("?") || segment.includes("*"))
      refuse(`path segment "${segment}" (optional or wildcard) is not served`)
  }
  return segments
}

/**
 * Compiles one endpoint: path pattern, decoders for path, query, headers and payload, the
 * middleware, the handler and the success encoder. Anything it cannot serve is refused.
 */
export const compileRoute = (
  description: EndpointDescription,
  handler: Handler,
  guards: ReadonlyMap<HttpApiMiddleware.TagClassAny, EndpointGuard>,
  context: Context.Context<never>,
  runtime: Runtime.Runtime<never>
): Route | ReadonlyArray<Refusal> => {
  const refusals: Array<Refusal> = []
  const refuse = (reason: string) => refusals.push(new Refusal(description.name, reason))
  const { endpoint } = description

  const decodePath = Option.map(endpoint.pathSchema, syncDecoder).pipe(Option.getOrUndefined)
  const decodeQuery = Option.map(endpoint.urlParamsSchema, syncDecoder).pipe(Option.getOrUndefined)
  const decodeHeaders = Option.map(endpoint.headersSchema, syncDecoder).pipe(Option.getOrUndefined)

  let readPayload: ((state: RequestState, query: URLSearchParams) => Effect.Effect<unknown, ApiError>) | undefined
  let decodePayload: ReturnType<typeof syncDecoder> | undefined
  if (Option.isSome(endpoint.payloadSchema)) {
    if (!HttpMethod.hasBody(endpoint.method)) {
      // As in HttpApi: the payload of a method without a body is its query string.
      readPayload = (_, query) => Effect.succeed(queryRecord(query))
      decodePayload = syncDecoder(endpoint.payloadSchema.value)
    } else if (description.payloads.size !== 1) {
      refuse(
        `${description.payloads.size} payload content types (${[...description.payloads.keys()].join(", ")}); one is served`
      )
    } else {
      const [[contentType, { ast, encoding }]] = [...description.payloads]
      if (contentType === "multipart/form-data") refuse("multipart payloads are not served")
      const kindReader = bodyReader(encoding.kind)
      // An upload's route may take more than the default; its body is read only past the guards.
      const limit = Context.getOption(description.annotations, MaxBodyBytes)
      const read =
        limit._tag === "None"
          ? kindReader
          : (state: RequestState) => {
              state.maxBodyBytes = limit.value
              return kindReader(state)
            }
      decodePayload = syncDecoder(Schema.make(ast))
      // A JSON body whose every field is optional may be left out: no body reads as `{}`.
      readPayload =
        encoding.kind === "Json" && decodePayload({})._tag === "Right"
          ? (state) => Effect.map(read(state), (body) => (body === undefined ? {} : body))
          : read
    }
  }

  const guarded = guardsOf(description, guards, context, refuse)
  const segments = segmentsOf(endpoint.path, refuse)
  if (refusals.length > 0) return refusals

  const encode = successEncoder(description.successes)
  // A plain property test: this runs on every response.
  const respond = (value: unknown): Draft =>
    typeof value === "object" && value !== null && HttpServerResponse.TypeId in value
      ? fromServerResponse(value as HttpServerResponse.HttpServerResponse, runtime)
      : encode(value)

  // Path, query and headers are decoded synchronously, the body once read; this runs on every request.
  const run = (
    params: Record<string, string>,
    query: URLSearchParams,
    state: RequestState
  ): Effect.Effect<Draft, unknown, any> => {
    const refused = screenValues(Object.entries(params)) ?? screenValues(query)
    if (refused !== undefined) return Effect.fail(refused)
    const input: Record<string, unknown> = {}
    if (decodePath !== undefined) {
      const path = decodePath(params)
      if (path._tag === "Left") return Effect.fail(path.left)
      input.path = path.right
    }
    if (decodeQuery !== undefined) {
      const urlParams = decodeQuery(queryRecord(query))
      if (urlParams._tag === "Left") return Effect.fail(urlParams.left)
      input.urlParams = urlParams.right
    }
    if (decodeHeaders !== undefined) {
      const headers = decodeHeaders(state.headers)
      if (headers._tag === "Left") return Effect.fail(headers.left)
      input.headers = headers.right
    }
    if (readPayload === undefined) return Effect.map(handler(input), respond)
    return Effect.flatMap(readPayload(state, query), (body) => {
      const payload = decodePayload!(body)
      if (payload._tag === "Left") return Effect.fail(payload.left)
      input.payload = payload.right
      return Effect.map(handler(input), respond)
    })
  }

  return {
    name: description.name,
    method: endpoint.method,
    path: endpoint.path,
    segments,
    // Handlers close over their services; the middleware runs first and provides the caller.
    run: (params, query, state) =>
      guarded(Effect.suspend(() => run(params, query, state))) as Effect.Effect<Draft, unknown>,
    statusOf: errorStatus(description.errors)
  }
}
