import { Effect } from "effect"
import { pageJson } from "../http/Pages.js"
import { implement } from "../http/Implement.js"
import { actorTenant } from "../http/Security.js"
import { DEFAULT_PAGE_SIZE, type Suppression } from "./Suppression.js"
import { SuppressionService } from "./SuppressionService.js"
import { SuppressionsApi } from "./SuppressionsApi.js"

const suppressionJson = ({ createdAt, detail, email, id, messageId, reason, stream }: Suppression) => ({
  id,
  stream,
  email,
  reason,
  detail,
  messageId,
  createdAt
})

export const suppressionHandlers = implement(
  SuppressionsApi,
  Effect.gen(function* () {
    const suppressions = yield* SuppressionService
    return {
      listSuppressions: ({ urlParams }) =>
        Effect.flatMap(actorTenant(false), (tenantId) =>
          Effect.map(
            suppressions.list(tenantId, { ...urlParams, limit: urlParams.limit ?? DEFAULT_PAGE_SIZE }),
            (listed) => pageJson(listed, suppressionJson)
          )
        ),
      addSuppression: ({ payload }) =>
        Effect.flatMap(actorTenant(true), (tenantId) =>
          Effect.map(
            suppressions.add(tenantId, { ...payload, stream: payload.stream ?? "transactional" }),
            suppressionJson
          )
        ),
      removeSuppression: ({ path, urlParams }) =>
        Effect.flatMap(actorTenant(true), (tenantId) =>
          Effect.asVoid(suppressions.remove(tenantId, urlParams.stream ?? "transactional", path.email))
        )
    }
  })
)
