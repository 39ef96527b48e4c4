import { HttpApi, HttpApiBuilder, HttpApiScalar, HttpServer, OpenApi } from "@effect/platform"
import { Context, Effect, JSONSchema, Layer } from "effect"
import { ErrorBody } from "../platform/Errors.js"
import { RequiredScope, apiKeyAuthTag, dashboardAuthTag } from "./Security.js"

export interface Document {
  readonly contentType: string
  readonly body: string
}

type Spec = Record<string, any>

const securitySchemes = {
  bearerKey: { type: "http", scheme: "bearer", description: "API key as `Authorization: Bearer <key>`" },
  headerKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "API key as `X-API-Key: <key>`" },
  dashboardToken: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Tenant-scoped dashboard JWT" }
}

/** Each operation's security, from the same declarations the engine enforces (ApiKeyAuth + RequiredScope, DashboardAuth). */
const securityByOperation = (api: HttpApi.HttpApi.AnyWithProps) => {
  const security = new Map<string, Array<Record<string, Array<string>>>>()
  HttpApi.reflect(api, {
    onGroup: () => {},
    onEndpoint: ({ endpoint, group, mergedAnnotations, middleware }) => {
      const requirements: Array<Record<string, Array<string>>> = []
      if (middleware.has(apiKeyAuthTag)) {
        // OpenAPI 3.1 lets non-OAuth schemes list role names: here, the scope the key needs.
        const scopes = Context.getOption(mergedAnnotations, RequiredScope).pipe((scope) =>
          scope._tag === "Some" ? [scope.value] : []
        )
        requirements.push({ bearerKey: scopes }, { headerKey: scopes })
      }
      if (middleware.has(dashboardAuthTag)) requirements.push({ dashboardToken: [] })
      security.set(`${group.identifier}.${endpoint.name}`, requirements)
    }
  })
  return security
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
 * The contract as served: security per operation from the auth declarations, and every error
 * response with the common error body the engine actually sends.
 */
const describeServing =
  (api: HttpApi.HttpApi.AnyWithProps) =>
  (spec: Spec): Spec => {
    const security = securityByOperation(api)
    spec.components = { ...spec.components, securitySchemes }
    spec.components.schemas = { ...spec.components.schemas, ErrorBody: errorBodySchema() }
    for (const operations of Object.values(spec.paths ?? {})) {
      for (const operation of Object.values(operations as Spec)) {
        operation.security = security.get(operation.operationId) ?? []
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (Number(status) >= 400) {
            ;(response as Spec).content = { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } }
          }
        }
      }
    }
    pruneSchemas(spec)
    return spec
  }

/**
 * The OpenAPI document and the offline docs page (Scalar, bundled by @effect/platform),
 * both generated from the HttpApi once, at start-up.
 */
export const makeDocuments = (api: HttpApi.HttpApi.AnyWithProps, mountPath: string) =>
  Effect.promise(async () => {
    const described = api.annotate(OpenApi.Transform, describeServing(api)) as HttpApi.HttpApi.AnyWithProps
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
