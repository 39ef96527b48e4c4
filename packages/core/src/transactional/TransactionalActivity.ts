import { Effect } from "effect"
import { invalidField } from "../platform/Errors.js"
import { listPage } from "../platform/Keyset.js"
import { reportWindow } from "../platform/ReportWindow.js"
import { TRANSACTIONAL_SOURCE } from "./Transactional.js"
import { DEFAULT_PAGE_SIZE } from "./TransactionalInputs.js"
import { ActivityLog } from "./TransactionalRepositories.js"
import type { TransactionalService } from "./TransactionalService.js"

const SOURCE = /^[a-z0-9_]{1,64}$/

/** The activity ledger's view: each delivery attempt, by source, and the statistics of a window. */
export const makeTransactionalActivity = Effect.gen(function* () {
  const activity = yield* ActivityLog

  const methods: Pick<TransactionalService["Type"], "logs" | "statistics"> = {
    logs: (tenantId, query) =>
      Effect.gen(function* () {
        const source = query.source ?? TRANSACTIONAL_SOURCE
        if (source !== "all" && !SOURCE.test(source)) {
          return yield* invalidField("source", "must be all or a source name such as transactional_v1")
        }
        const filter = source === "all" ? undefined : source
        return yield* listPage(
          { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
          (cursor) => activity.find(tenantId, cursor),
          (page) => activity.list(tenantId, { ...page, source: filter })
        )
      }),
    statistics: (tenantId, window) =>
      Effect.gen(function* () {
        const { from, to } = yield* reportWindow(window)
        const statistics = yield* activity.statistics(tenantId, { from, to, source: TRANSACTIONAL_SOURCE })
        return { from, to, ...statistics }
      })
  }
  return methods
})
