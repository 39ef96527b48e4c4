import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import type { ServiceKitApi } from "../http/Api.js"
import { ApiCaller, makeApiKeyAuth } from "../http/ApiKeyAuth.js"
import { notAvailable } from "../platform/Errors.js"
import { VoiceReadKey, callToJson } from "./CallingApi.js"
import { CallingService, DEFAULT_PAGE_SIZE } from "./CallingService.js"

export const VoiceReadKeyLive = Layer.effect(VoiceReadKey, makeApiKeyAuth("voice", "voice:read"))

export const callingHandlers = (api: ServiceKitApi) =>
  HttpApiBuilder.group(api, "calling", (handlers) =>
    Effect.gen(function* () {
      const calling = yield* CallingService
      return handlers
        .handle("listCalls", ({ urlParams }) =>
          Effect.flatMap(ApiCaller, ({ tenantId }) =>
            calling.list(tenantId, { ...urlParams, limit: urlParams.limit ?? DEFAULT_PAGE_SIZE })
          ).pipe(
            Effect.map((page) =>
              HttpServerResponse.unsafeJson({
                data: page.data.map(callToJson),
                meta: { limit: page.limit, nextCursor: page.nextCursor }
              })
            )
          )
        )
        .handle("getCall", ({ path }) =>
          Effect.flatMap(ApiCaller, ({ tenantId }) => calling.get(tenantId, path.id)).pipe(
            Effect.map((call) => HttpServerResponse.unsafeJson(callToJson(call)))
          )
        )
        .handle("getUsage", () => Effect.flatMap(ApiCaller, ({ tenantId }) => calling.usage(tenantId)))
        .handle("listNumbers", () =>
          Effect.fail(notAvailable("Phone number management is planned but not available yet."))
        )
    })
  ).pipe(Layer.provide(VoiceReadKeyLive))
