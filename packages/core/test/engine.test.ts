import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware, HttpApiSchema } from "@effect/platform"
import { Cause, Context, Effect, Exit, HashMap, Layer, Logger, ManagedRuntime, Option, Schema } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { EngineRefusal, makeEngine } from "../src/http/Engine.js"
import { implement } from "../src/http/Implement.js"
import { type AnsweredRequest, RequestObserver } from "../src/http/RequestObserver.js"
import { ApiKeyAuth, apiKeyAuthTag, apiKeyGuard } from "../src/http/Security.js"
import { servicesLayer } from "../src/ServiceKit.js"
import { layerMemory } from "../src/testing.js"

class Unimplemented extends HttpApiMiddleware.Tag<Unimplemented>()("test/Unimplemented", {}) {}
class Extra extends Context.Tag("test/Extra")<Extra, string>() {}

const runtime = ManagedRuntime.make(servicesLayer().pipe(Layer.provideMerge(layerMemory())))
afterAll(() => runtime.dispose())

/** Starts an engine for `group` with a handler per endpoint; resolves with the refusal it dies with, if any. */
const refusalOf = (
  group: HttpApiGroup.HttpApiGroup.AnyWithProps,
  handlers: Record<string, () => Effect.Effect<unknown>>
) =>
  runtime
    .runPromiseExit(
      Effect.gen(function* () {
        return yield* makeEngine({
          api: HttpApi.make("test")
            .add(group as any)
            .prefix("/api") as unknown as HttpApi.HttpApi.AnyWithProps,
          handlers: new Map([[group.identifier, handlers]]),
          guards: new Map([[apiKeyAuthTag, yield* apiKeyGuard]]),
          documents: new Map()
        })
      })
    )
    .then((exit) => (Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined))

describe("the engine refuses at start what it cannot serve, naming the endpoint and the feature", () => {
  it("starts for a contract it fully serves", async () => {
    const group = HttpApiGroup.make("fine").add(HttpApiEndpoint.get("ok", "/ok").addSuccess(Schema.String))
    expect(await refusalOf(group as any, { ok: () => Effect.succeed("ok") })).toBeUndefined()
  })

  it("lists every endpoint it cannot serve, with why", async () => {
    const group = HttpApiGroup.make("odd")
      .add(
        HttpApiEndpoint.post("upload", "/upload").setPayload(
          HttpApiSchema.Multipart(Schema.Struct({ file: Schema.String }))
        )
      )
      .add(HttpApiEndpoint.get("guarded", "/guarded").middleware(Unimplemented))
      .add(HttpApiEndpoint.get("unscoped", "/unscoped").middleware(ApiKeyAuth))
      .add(HttpApiEndpoint.get("optional", "/things/:id?"))
      .add(HttpApiEndpoint.get("forgotten", "/forgotten"))
    const handlers = {
      upload: () => Effect.void,
      guarded: () => Effect.void,
      unscoped: () => Effect.void,
      optional: () => Effect.void
    }
    const refusal = await refusalOf(group as any, handlers)
    expect(refusal).toBeInstanceOf(EngineRefusal)
    const reasons = (refusal as EngineRefusal).refusals.map((r) => `${r.endpoint}: ${r.reason}`)
    expect(reasons).toEqual([
      "odd.upload: multipart payloads are not served",
      "odd.guarded: middleware test/Unimplemented has no implementation: add its layer to the product's middleware",
      "odd.unscoped: ApiKeyAuth needs a RequiredScope annotation on the endpoint or its group",
      'odd.optional: path segment ":id?" (optional or wildcard) is not served',
      "odd.forgotten: has no handler"
    ])
    expect((refusal as EngineRefusal).message).toContain("odd.upload: multipart payloads are not served")
  })

  it("refuses handlers for a group the API does not contain", async () => {
    const served = HttpApiGroup.make("served").add(HttpApiEndpoint.get("ok", "/ok"))
    const refusal = await runtime.runPromiseExit(
      makeEngine({
        api: HttpApi.make("test").add(served).prefix("/api") as unknown as HttpApi.HttpApi.AnyWithProps,
        handlers: new Map([
          ["served", { ok: () => Effect.void }],
          ["stray", { ok: () => Effect.void }]
        ]),
        guards: new Map(),
        documents: new Map()
      })
    )
    expect(Exit.isFailure(refusal) && (Cause.squash(refusal.cause) as EngineRefusal).refusals).toEqual([
      { endpoint: "stray", reason: "has handlers but is not part of the API" }
    ])
  })

  it("types handlers by their endpoint: a missing handler or an undeclared error does not compile", () => {
    class Declared extends Schema.TaggedError<Declared>()("Declared", {}, HttpApiSchema.annotations({ status: 409 })) {}
    class Undeclared extends Schema.TaggedError<Undeclared>()("Undeclared", {}) {}
    const group = HttpApiGroup.make("typed").add(
      HttpApiEndpoint.get("one", "/one").addSuccess(Schema.String).addError(Declared)
    )
    implement(group, Effect.succeed({ one: () => Effect.fail(new Declared()) }))
    // @ts-expect-error the handler for "one" is missing
    implement(group, Effect.succeed({}))
    // @ts-expect-error Undeclared is not an error the endpoint declares
    implement(group, Effect.succeed({ one: () => Effect.fail(new Undeclared()) }))
    // @ts-expect-error the success must be a string
    implement(group, Effect.succeed({ one: () => Effect.succeed(42) }))
    // A requirement of the handlers shows in the group's type, so the composition can check it is provided.
    const needsExtra = implement(
      group,
      Effect.map(Extra, (extra) => ({ one: () => Effect.succeed(extra) }))
    )
    expect(Effect.isEffect(needsExtra.handlers)).toBe(true)
  })
})

describe("the engine reports answered requests", () => {
  it("logs a defect with the request id the client received, and tells the observer", async () => {
    const group = HttpApiGroup.make("broken").add(HttpApiEndpoint.get("boom", "/boom/:id").addSuccess(Schema.String))
    const logged: Array<{ message: unknown; requestId: unknown; cause: string }> = []
    const logger = Logger.replace(
      Logger.defaultLogger,
      Logger.make(({ annotations, cause, message }) =>
        logged.push({
          message,
          requestId: HashMap.get(annotations, "requestId").pipe(Option.getOrUndefined),
          cause: Cause.pretty(cause)
        })
      )
    )
    const observed: Array<AnsweredRequest> = []
    const engine = await runtime.runPromise(
      makeEngine({
        api: HttpApi.make("test").add(group).prefix("/api") as unknown as HttpApi.HttpApi.AnyWithProps,
        handlers: new Map([["broken", { boom: () => Effect.dieMessage("the disk caught fire") }]]),
        guards: new Map(),
        documents: new Map()
      }).pipe(
        Effect.provide(logger),
        Effect.provideService(RequestObserver, { observe: (request) => observed.push(request) })
      )
    )
    const response = await engine.dispatch({
      method: "GET",
      url: "/api/boom/7?secret=1",
      headers: { "x-request-id": "trace-500" },
      remoteAddress: "192.0.2.7",
      body: async () => new Uint8Array()
    })
    expect(response.status).toBe(500)
    expect(JSON.parse(response.body as string).error).toMatchObject({ code: "internal_error", requestId: "trace-500" })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(logged).toEqual([
      { message: ["request failed"], requestId: "trace-500", cause: expect.stringContaining("the disk caught fire") }
    ])
    expect(observed).toEqual([
      {
        method: "GET",
        route: "/api/boom/:id",
        path: "/api/boom/7",
        status: 500,
        durationMs: expect.any(Number),
        requestId: "trace-500",
        tenantId: undefined,
        clientIp: "192.0.2.7"
      }
    ])
  })
})
