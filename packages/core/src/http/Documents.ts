import { HttpApi, HttpApiBuilder, HttpApiScalar, HttpServer, OpenApi } from "@effect/platform"
import { Context, Effect, Layer } from "effect"

export interface Document {
  readonly contentType: string
  readonly body: string
}

/**
 * The OpenAPI document and the offline docs page (Scalar, bundled by @effect/platform),
 * both generated from the HttpApi once, at start-up.
 */
export const makeDocuments = (api: HttpApi.HttpApi.AnyWithProps, mountPath: string) =>
  Effect.promise(async () => {
    const spec = OpenApi.fromApi(api)
    const apiService = Layer.succeed(HttpApi.Api, { api: api as unknown as HttpApi.Api["Type"]["api"], context: Context.empty() })
    const docs = HttpApiBuilder.toWebHandler(
      Layer.mergeAll(apiService, HttpApiScalar.layer({ path: "/docs" }).pipe(Layer.provide(apiService)), HttpServer.layerContext)
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
