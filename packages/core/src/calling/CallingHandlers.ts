import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { ApiCaller } from "../http/Security.js"
import { NotAvailable } from "../platform/Errors.js"
import { CallingApi } from "./CallingApi.js"
import { CallingService, DEFAULT_PAGE_SIZE } from "./CallingService.js"

export const callingHandlers = implement(
  CallingApi,
  Effect.gen(function* () {
    const calling = yield* CallingService
    const numbersNotAvailable = new NotAvailable({
      message: "Phone number management is planned but not available yet."
    })
    return {
      listCalls: ({ urlParams }) =>
        Effect.flatMap(ApiCaller, ({ tenantId }) =>
          calling.list(tenantId, { ...urlParams, limit: urlParams.limit ?? DEFAULT_PAGE_SIZE })
        ).pipe(Effect.map((page) => ({ data: page.data, meta: { limit: page.limit, nextCursor: page.nextCursor } }))),
      getCall: ({ path }) => Effect.flatMap(ApiCaller, ({ tenantId }) => calling.get(tenantId, path.id)),
      getUsage: () => Effect.flatMap(ApiCaller, ({ tenantId }) => calling.usage(tenantId)),
      listNumbers: () => Effect.fail(numbersNotAvailable)
    }
  })
)
