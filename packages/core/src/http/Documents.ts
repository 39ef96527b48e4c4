import { HttpApi, HttpApiBuilder, HttpApiScalar, HttpServer, OpenApi } from "@effect/platform"
import { Context, Effect, JSONSchema, Layer, Option, SchemaAST as AST } from "effect"
import { ErrorBody, RateLimited } from "../platform/Errors.js"
import {
  RequiredScope,
  apiKeyAuthTag,
  apiKeyOrDashboardAuthTag,
  dashboardAuthTag,
  dashboardSocketAuthTag,
  platformAdminAuthTag
} from "./Security.js"

export interface Document {
  readonly contentType: string
  readonly body: string
}

type Spec = Record<string, any>

const securitySchemes = {
  bearerKey: { type: "http", scheme: "bearer", description: "API key as `Authorization: Bearer <key>`" },
  headerKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "API key as `X-API-Key: <key>`" },
  dashboardToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Tenant-scoped dashboard JWT" },
  dashboardQueryToken: {
    type: "apiKey",
    in: "query",
    name: "token",
    description: "Tenant-scoped dashboard JWT as `?token=`, for WebSocket endpoints (browsers cannot set their headers)"
  },
  platformAdminToken: {
    type: "http",
    scheme: "bearer",
    description: "The platform admin token (SERVICEKIT_ADMIN_TOKEN)"
  }
}

/** The headers the engine adds to responses, documented once and referred to from each response. */
const headers = {
  "X-Request-ID": {
    description:
      "The request's id, also in the error body's `requestId`. A request's own `X-Request-ID` of 1-128 characters from `[A-Za-z0-9._:-]` is echoed; otherwise a new uuid.",
    required: true,
    schema: { type: "string", pattern: "^[A-Za-z0-9._:-]{1,128}$" }
  },
  "X-RateLimit-Limit": {
    description:
      "Requests allowed in the current window: the API key's once it is verified, else the client address's.",
    schema: { type: "integer", minimum: 0 }
  },
  "X-RateLimit-Remaining": {
    description: "Requests left in the current window.",
    schema: { type: "integer", minimum: 0 }
  },
  "X-RateLimit-Reset": {
    description: "When the current window ends, in unix seconds.",
    schema: { type: "integer", minimum: 0 }
  },
  "Retry-After": {
    description: "Seconds to wait before the limit admits another request.",
    required: true,
    schema: { type: "integer", minimum: 1 }
  },
  Allow: {
    description: "The methods this path answers.",
    required: true,
    schema: { type: "string" }
  }
}

const headerRef = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` })

const invalidRequest =
  "Invalid request: `validation_failed` (`details` name each field) or `invalid_body` (not JSON, or nested too deeply)."

/** A schema's description, looking through a class schema to its declaration; HttpApi's decode error is the engine's 400. */
const descriptionOf = (ast: AST.AST): string | undefined => {
  const annotations = "to" in ast ? { ...ast.to.annotations, ...ast.annotations } : ast.annotations
  if (annotations[AST.IdentifierAnnotationId] === "HttpApiDecodeError") return invalidRequest
  const description = annotations[AST.DescriptionAnnotationId] ?? annotations[AST.IdentifierAnnotationId]
  return typeof description === "string" ? description : undefined
}

/** Statuses the engine itself answers, whatever the operation declares, and what each means. */
const engineStatuses: Record<400 | 405 | 413 | 429 | 500, string> = {
  400: invalidRequest,
  405: "The path does not answer this method (`method_not_allowed`); `Allow` lists the methods it answers.",
  413: "The body is larger than the host accepts (`body_too_large`).",
  // The per-IP limits fail with the same error as the per-key limit.
  429: descriptionOf(RateLimited.ast) ?? "Too many requests.",
  500: "Something went wrong on our side (`internal_error`); it is logged with the request id."
}

/** The members of a union, nested unions flattened; any other schema alone. */
const unionMembers = (ast: AST.AST): ReadonlyArray<AST.AST> =>
  AST.isUnion(ast) ? ast.types.flatMap(unionMembers) : [ast]

/** The descriptions of the errors an endpoint declares, by status. */
const declaredDescriptions = (errors: ReadonlyMap<number, { readonly ast: Option.Option<AST.AST> }>) => {
  const byStatus = new Map<number, Array<string>>()
  for (const [status, { ast }] of errors) {
    if (Option.isNone(ast)) continue
    byStatus.set(
      status,
      unionMembers(ast.value).flatMap((member) => descriptionOf(member) ?? [])
    )
  }
  return byStatus
}

interface OperationFacts {
  readonly security: Array<Record<string, Array<string>>>
  readonly errorDescriptions: ReadonlyMap<number, ReadonlyArray<string>>
}

/**
 * Each operation's security, from the same declarations the engine enforces (ApiKeyAuth +
 * RequiredScope, DashboardAuth), and the descriptions of the errors it declares.
 */
const factsByOperation = (api: HttpApi.HttpApi.AnyWithProps) => {
  const facts = new Map<string, OperationFacts>()
  HttpApi.reflect(api, {
    onGroup: () => {},
    onEndpoint: ({ endpoint, errors, group, mergedAnnotations, middleware }) => {
      const security: Array<Record<string, Array<string>>> = []
      if (middleware.has(apiKeyAuthTag) || middleware.has(apiKeyOrDashboardAuthTag)) {
        // OpenAPI 3.1 lets non-OAuth schemes list role names: here, the scope the key needs.
        const scopes = Context.getOption(mergedAnnotations, RequiredScope).pipe((scope) =>
          scope._tag === "Some" ? [scope.value] : []
        )
        security.push({ bearerKey: scopes }, { headerKey: scopes })
      }
      if (middleware.has(dashboardAuthTag) || middleware.has(apiKeyOrDashboardAuthTag)) {
        security.push({ dashboardToken: [] })
      }
      if (middleware.has(dashboardSocketAuthTag)) security.push({ dashboardQueryToken: [] })
      if (middleware.has(platformAdminAuthTag)) security.push({ platformAdminToken: [] })
      facts.set(`${group.identifier}.${endpoint.name}`, { security, errorDescriptions: declaredDescriptions(errors) })
    }
  })
  return facts
}

const errorBodySchema = () => {
  const { $defs } = JSONSchema.make(ErrorBody) as { $defs: Record<string, unknown> }
  return $defs.ErrorBody
}

/** Drops component schemas nothing refers to any more (error schemas replaced by ErrorBody). */
const pruneSchemas = (spec: Spec) => {
  const schemas: Record<string, unknown> = spec.components?.schemas ?? {}
  const used = new Set<string>()
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (!used.has(name)) {
        used.add(name)
        visit(schemas[name])
      }
    }
  }
  visit(spec.paths)
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name]
}

/**
 * Every status the operation can answer, each error with the common error body and a description
 * naming its codes, and the headers each response carries.
 */
const describeResponses = (operation: Spec, facts: OperationFacts | undefined, isPublic: boolean) => {
  const responses: Record<string, Spec> = operation.responses
  const statuses: Array<keyof typeof engineStatuses> = [400, 405, 500]
  if (operation.requestBody !== undefined) statuses.push(413)
  if (isPublic) statuses.push(429)
  for (const status of statuses) responses[status] ??= { description: "" }
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status)
    response.headers = { ...response.headers, "X-Request-ID": headerRef("X-Request-ID") }
    // The per-IP limits run before routing on every public path, so every public answer carries them.
    if (isPublic) {
      for (const name of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] as const) {
        response.headers[name] = headerRef(name)
      }
    }
    if (code === 429) response.headers["Retry-After"] = headerRef("Retry-After")
    if (code === 405) response.headers.Allow = headerRef("Allow")
    if (code < 400) continue
    const descriptions = [
      ...(code in engineStatuses ? [engineStatuses[code as keyof typeof engineStatuses]] : []),
      ...(facts?.errorDescriptions.get(code) ?? [])
    ]
    response.description = [...new Set(descriptions)].join(" ") || response.description
    response.content = { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } }
  }
}

/**
 * The contract as served: paths relative to the one server entry (the mount path), security per
 * operation from the auth declarations, every status the engine can answer with the common error
 * body it actually sends, and the headers it adds.
 */
const describeServing =
  (api: HttpApi.HttpApi.AnyWithProps, mountPath: string) =>
  (spec: Spec): Spec => {
    const facts = factsByOperation(api)
    const paths: Record<string, Spec> = {}
    for (const [path, operations] of Object.entries(spec.paths ?? {})) {
      const isPublic = path.startsWith(`${mountPath}/v1/`)
      for (const operation of Object.values(operations as Spec)) {
        const operationFacts = facts.get(operation.operationId)
        operation.security = operationFacts?.security ?? []
        describeResponses(operation, operationFacts, isPublic)
      }
      paths[path.startsWith(`${mountPath}/`) ? path.slice(mountPath.length) : path] = operations as Spec
    }
    spec.paths = paths
    spec.servers = [{ url: mountPath === "" ? "/" : mountPath, description: "This ServiceKit, at its mount path" }]
    // Only the schemes some operation uses: the admin routes are absent unless configured.
    const used = new Set(
      Object.values(paths).flatMap((operations) =>
        Object.values(operations as Spec).flatMap((operation) =>
          (operation.security as Array<Record<string, unknown>>).flatMap(Object.keys)
        )
      )
    )
    const schemes = Object.fromEntries(Object.entries(securitySchemes).filter(([name]) => used.has(name)))
    spec.components = { ...spec.components, securitySchemes: schemes, headers }
    spec.components.schemas = { ...spec.components.schemas, ErrorBody: errorBodySchema() }
    pruneSchemas(spec)
    return spec
  }

/**
 * An `OpenApi.Transform` for an endpoint that never succeeds (a planned route that answers 501):
 * HttpApi documents a 204 for an endpoint without a success schema, which it never sends.
 */
export const withoutSuccessResponse = (operation: Spec): Spec => {
  for (const status of Object.keys(operation.responses ?? {})) {
    if (Number(status) < 400) delete operation.responses[status]
  }
  return operation
}

/**
 * The OpenAPI document and the offline docs page (Scalar, bundled by @effect/platform),
 * both generated from the HttpApi once, at start-up.
 */
export const makeDocuments = (api: HttpApi.HttpApi.AnyWithProps, mountPath: string) =>
  Effect.promise(async () => {
    const described = api.annotate(OpenApi.Transform, describeServing(api, mountPath)) as HttpApi.HttpApi.AnyWithProps
    const spec = OpenApi.fromApi(described)
    const apiService = Layer.succeed(HttpApi.Api, {
      api: described as unknown as HttpApi.Api["Type"]["api"],
      context: Context.empty()
    })
    const docs = HttpApiBuilder.toWebHandler(
      Layer.mergeAll(
        apiService,
        HttpApiScalar.layer({ path: "/docs" }).pipe(Layer.provide(apiService)),
        HttpServer.layerContext
      )
    )
    try {
      const html = await (await docs.handler(new Request("http://servicekit.local/docs"))).text()
      return new Map<string, Document>([
        [`${mountPath}/v1/openapi.json`, { contentType: "application/json", body: JSON.stringify(spec) }],
        [`${mountPath}/v1/docs`, { contentType: "text/html; charset=utf-8", body: html }]
      ])
    } finally {
      await docs.dispose()
    }
  })
