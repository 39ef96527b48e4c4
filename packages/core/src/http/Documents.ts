import { HttpApi, HttpApiBuilder, HttpApiScalar, HttpServer, OpenApi } from "@effect/platform"
import { Context, Effect, JSONSchema, Layer, Option, Schema } from "effect"
import { docsPageSettings, withOwnOriginOnly } from "./DocsPage.js"
import { type DocumentedWebhook, DocumentedSecurity, DocumentedWebhooks } from "./DocumentAnnotations.js"
import { type DocumentedError, declaredErrors, descriptionOf, errorResponse } from "./DocumentedErrors.js"
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
  /** Headers beside the content type (a page's Content-Security-Policy, an asset's caching). */
  readonly headers?: Readonly<Record<string, string>>
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

interface OperationFacts {
  readonly security: Array<Record<string, Array<string>>>
  readonly errors: ReadonlyMap<number, ReadonlyArray<DocumentedError>>
}

/** The schemes products' own middleware documents (a visitor token, a device secret), by name. */
type ProductSchemes = Record<string, Spec>

/**
 * Each operation's security, from the same declarations the engine enforces (ApiKeyAuth +
 * RequiredScope, DashboardAuth), and the errors it declares.
 */
const factsByOperation = (api: HttpApi.HttpApi.AnyWithProps, productSchemes: ProductSchemes) => {
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
      for (const documented of Option.toArray(Context.getOption(mergedAnnotations, DocumentedSecurity))) {
        Object.assign(productSchemes, documented.schemes)
        security.push(...documented.anyOf.map((scheme) => ({ [scheme]: [] })))
      }
      facts.set(`${group.identifier}.${endpoint.name}`, { security, errors: declaredErrors(errors) })
    }
  })
  return facts
}

/**
 * Effect writes `Schema.Unknown` as `{ "$id": "/schemas/unknown", "title": "unknown" }`: the same
 * `$id` in many places, which JSON Schema validators refuse as a clash. Any value is `{}`.
 */
const anyValue = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(anyValue)
  if (value === null || typeof value !== "object") return value
  const unknown = (value as Spec).$id === "/schemas/unknown"
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !(unknown && (key === "$id" || key === "title")))
      .map(([key, inner]) => [key, anyValue(inner)])
  )
}

/** Drops component schemas nothing refers to any more (error schemas replaced by the error components). */
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
  visit([spec.paths, spec.webhooks])
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name]
}

/**
 * Every status the operation can answer, each error with the common error body narrowed to the
 * errors it can carry there (a component per error, its codes listed), and the headers each
 * response carries. The components go into `errorComponents`.
 */
const describeResponses = (
  operation: Spec,
  facts: OperationFacts | undefined,
  isPublic: boolean,
  errorComponents: Record<string, Spec>
) => {
  const responses: Record<string, Spec> = operation.responses
  const statuses = [400, 405, 500]
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
    const { content, description } = errorResponse(code, facts?.errors.get(code) ?? [], errorComponents)
    response.description = description || response.description
    response.content = content
  }
}

/**
 * The webhooks the groups declare, each a POST of its JSON body that a receiver acknowledges with
 * any 2xx; their schemas join the components.
 */
const describeWebhooks = (api: HttpApi.HttpApi.AnyWithProps, spec: Spec) => {
  const definitions: Record<string, JSONSchema.JsonSchema7> = {}
  const webhooks: Record<string, Spec> = {}
  HttpApi.reflect(api, {
    onGroup: ({ group }) => {
      for (const { body, event } of Context.getOption(group.annotations, DocumentedWebhooks).pipe(
        Option.getOrElse((): ReadonlyArray<DocumentedWebhook> => [])
      )) {
        const schema = JSONSchema.fromAST(body.ast, {
          definitions,
          definitionPath: "#/components/schemas/",
          target: "openApi3.1"
        })
        webhooks[event] = {
          post: {
            operationId: `webhook.${event}`,
            summary: event,
            description: descriptionOf(body.ast),
            tags: [Option.getOrElse(Context.getOption(group.annotations, OpenApi.Title), () => group.identifier)],
            requestBody: { required: true, content: { "application/json": { schema } } },
            responses: { "200": { description: "Any 2xx acknowledges the delivery; anything else is retried." } }
          }
        }
      }
    },
    onEndpoint: () => {}
  })
  if (Object.keys(webhooks).length === 0) return
  spec.webhooks = webhooks
  for (const [name, definition] of Object.entries(definitions)) spec.components.schemas[name] ??= definition
}

/**
 * The contract as served: paths relative to the one server entry (the mount path), security per
 * operation from the auth declarations, every status the engine can answer with the common error
 * body it actually sends, and the headers it adds.
 */
const describeServing =
  (api: HttpApi.HttpApi.AnyWithProps, mountPath: string) =>
  (spec: Spec): Spec => {
    const productSchemes: ProductSchemes = {}
    const facts = factsByOperation(api, productSchemes)
    const errorComponents: Record<string, Spec> = {}
    const paths: Record<string, Spec> = {}
    for (const [path, operations] of Object.entries(spec.paths ?? {})) {
      const isPublic = path.startsWith(`${mountPath}/v1/`)
      for (const operation of Object.values(operations as Spec)) {
        const operationFacts = facts.get(operation.operationId)
        operation.security = operationFacts?.security ?? []
        describeResponses(operation, operationFacts, isPublic, errorComponents)
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
    const schemes = Object.fromEntries(
      Object.entries({ ...securitySchemes, ...productSchemes }).filter(([name]) => used.has(name))
    )
    spec.components = { ...spec.components, securitySchemes: schemes, headers }
    spec.components.schemas = { ...spec.components.schemas, ...errorComponents }
    describeWebhooks(api, spec)
    pruneSchemas(spec)
    return anyValue(spec) as Spec
  }

/** Marks optional the JSON bodies whose every field is optional: the engine reads no body as `{}`. */
const optionalBodies =
  (api: HttpApi.HttpApi.AnyWithProps) =>
  (spec: Spec): Spec => {
    const optional = new Set<string>()
    HttpApi.reflect(api, {
      onGroup: () => {},
      onEndpoint: ({ endpoint, group, payloads }) => {
        const json = payloads.get("application/json")
        if (json !== undefined && Schema.decodeUnknownEither(Schema.make(json.ast))({})._tag === "Right") {
          optional.add(`${group.identifier}.${endpoint.name}`)
        }
      }
    })
    for (const operations of Object.values(spec.paths ?? {})) {
      for (const operation of Object.values(operations as Spec)) {
        if (optional.has(operation.operationId) && operation.requestBody !== undefined) {
          operation.requestBody.required = false
        }
      }
    }
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
 * The OpenAPI document and the offline docs page (Scalar, bundled by @effect/platform, reaching
 * nothing beyond its own origin), both generated from the HttpApi once, at start-up.
 */
export const makeDocuments = (api: HttpApi.HttpApi.AnyWithProps, mountPath: string) =>
  Effect.promise(async () => {
    const described = api.annotate(OpenApi.Transform, (spec) =>
      optionalBodies(api)(describeServing(api, mountPath)(spec))
    ) as HttpApi.HttpApi.AnyWithProps
    const spec = OpenApi.fromApi(described)
    const apiService = Layer.succeed(HttpApi.Api, {
      api: described as unknown as HttpApi.Api["Type"]["api"],
      context: Context.empty()
    })
    const docs = HttpApiBuilder.toWebHandler(
      Layer.mergeAll(
        apiService,
        HttpApiScalar.layer({ path: "/docs", scalar: docsPageSettings }).pipe(Layer.provide(apiService)),
        HttpServer.layerContext
      )
    )
    try {
      const html = await withOwnOriginOnly(await (await docs.handler(new Request("http://servicekit.local/docs"))).text())
      return new Map<string, Document>([
        [`${mountPath}/v1/openapi.json`, { contentType: "application/json", body: JSON.stringify(spec) }],
        [`${mountPath}/v1/docs`, { contentType: "text/html; charset=utf-8", body: html }]
      ])
    } finally {
      await docs.dispose()
    }
  })
