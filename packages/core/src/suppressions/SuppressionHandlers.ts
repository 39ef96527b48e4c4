import { Effect } from "effect"
import { pageJson } from "../http/Pages.js"
import { implement } from "../http/Implement.js"
import { TenantActor } from "../http/Security.js"
import { permissionDenied } from "../platform/Errors.js"
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

/** The caller's tenant; a change needs a key or a tenant admin, not a member. */
const tenantOf = (change: boolean) =>
  Effect.flatMap(TenantActor, (actor) =>
    change && actor.role === "member"
      ? Effect.fail(permissionDenied("admin_required", "This action needs a tenant admin."))
      : Effect.succeed(actor.tenantId)
  )

export const suppressionHandlers = implement(
  SuppressionsApi,
  Effect.gen(function* () {
    const suppressions = yield* SuppressionService
    return {
      listSuppressions: ({ urlParams }) =>
        Effect.flatMap(tenantOf(false), (tenantId) =>
          Effect.map(
            suppressions.list(tenantId, { ...urlParams, limit: urlParams.limit ?? DEFAULT_PAGE_SIZE }),
            (listed) => pageJson(listed, suppressionJson)
          )
        ),
      addSuppression: ({ payload }) =>
        Effect.flatMap(tenantOf(true), (tenantId) =>
          Effect.map(
            suppressions.add(tenantId, { ...payload, stream: payload.stream ?? "transactional" }),
            suppressionJson
          )
        ),
      removeSuppression: ({ path, urlParams }) =>
        Effect.flatMap(tenantOf(true), (tenantId) =>
          Effect.asVoid(suppressions.remove(tenantId, urlParams.stream ?? "transactional", path.email))
        )
    }
  })
)
