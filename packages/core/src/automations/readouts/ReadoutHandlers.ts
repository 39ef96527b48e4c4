import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { ApiCaller } from "../../http/Security.js"
import { ReadoutService } from "./ReadoutService.js"
import { ReadoutsApi } from "./ReadoutsApi.js"

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)

const same = <A>(item: A) => item

export const readoutHandlers = implement(
  ReadoutsApi,
  Effect.gen(function* () {
    const readouts = yield* ReadoutService
    return {
      getSlo: () => Effect.flatMap(tenant, readouts.slo),
      getOnboarding: () => Effect.flatMap(tenant, readouts.onboarding),
      listLogs: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => readouts.logs(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, same))
        ),
      listMessages: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => readouts.messages(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, same))
        )
    }
  })
)
