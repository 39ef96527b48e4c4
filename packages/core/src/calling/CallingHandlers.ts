import { Effect, Layer } from "effect"
import { ApiCaller, makeApiKeyAuth } from "../http/ApiKeyAuth.js"
import { implement } from "../http/Engine.js"
import { notAvailable } from "../platform/Errors.js"
import { CallingApi, VoiceReadKey } from "./CallingApi.js"
import { CallingService, DEFAULT_PAGE_SIZE } from "./CallingService.js"

export const VoiceReadKeyLive = Layer.effect(VoiceReadKey, makeApiKeyAuth("voice", "voice:read"))

export const callingHandlers = Effect.gen(function* () {
  const calling = yield* CallingService
  const numbersNotAvailable = notAvailable("Phone number management is planned but not available yet.")
  return implement(CallingApi, {
    listCalls: ({ urlParams }) =>
      Effect.flatMap(ApiCaller, ({ tenantId }) =>
        calling.list(tenantId, { ...urlParams, limit: urlParams.limit ?? DEFAULT_PAGE_SIZE })
      ).pipe(Effect.map((page) => ({ data: page.data, meta: { limit: page.limit, nextCursor: page.nextCursor } }))),
    getCall: ({ path }) => Effect.flatMap(ApiCaller, ({ tenantId }) => calling.get(tenantId, path.id)),
    getUsage: () => Effect.flatMap(ApiCaller, ({ tenantId }) => calling.usage(tenantId)),
    listNumbers: () => Effect.fail(numbersNotAvailable)
  })
})
