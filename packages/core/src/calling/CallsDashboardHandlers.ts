import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { DashboardSession } from "../http/Security.js"
import { encodeExport } from "./CallExport.js"
import { CallingService, DEFAULT_PAGE_SIZE } from "./CallingService.js"
import { CallsDashboardApi } from "./CallsDashboardApi.js"

const contentTypes = { csv: "text/csv; charset=utf-8", json: "application/json" } as const

export const callsDashboardHandlers = implement(
  CallsDashboardApi,
  Effect.gen(function* () {
    const calling = yield* CallingService
    return {
      listDashboardCalls: ({ urlParams }) =>
        Effect.flatMap(DashboardSession, ({ tenantId }) =>
          calling.list(tenantId, { ...urlParams, limit: urlParams.limit ?? DEFAULT_PAGE_SIZE })
        ).pipe(Effect.map((page) => ({ items: page.data, nextCursor: page.nextCursor }))),
      getCallSummary: ({ urlParams }) =>
        Effect.flatMap(DashboardSession, ({ tenantId }) => calling.summary(tenantId, urlParams)),
      exportCalls: ({ urlParams: { format = "csv", ...filter } }) =>
        Effect.flatMap(DashboardSession, ({ tenantId }) => calling.exportCalls(tenantId, filter)).pipe(
          Effect.map((calls) =>
            HttpServerResponse.stream(encodeExport(format, calls), {
              contentType: contentTypes[format],
              headers: { "content-disposition": `attachment; filename="calls.${format}"` }
            })
          )
        )
    }
  })
)
