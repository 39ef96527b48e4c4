import { HttpApiMiddleware } from "@effect/platform"
import { Context, Effect, FiberRef, Layer, Schema } from "effect"
import { CurrentRequest, firstHeader } from "../http/RequestContext.js"
import { RequiredScope, apiKeyGuard } from "../http/Security.js"
import { PermissionDenied, RateLimited, Unauthenticated } from "../platform/Errors.js"

export const AUTOMATION_TOKEN_HEADER = "x-service-automation-token"

/** Who calls the inbound hook: an API key's tenant, or a webhook token still to be matched to its workflow. */
export class HookCaller extends Context.Tag("@servicekit/core/HookCaller")<
  HookCaller,
  { readonly tenantId: string } | { readonly token: string }
>() {}

/**
 * The inbound hook's credential: `X-Service-Automation-Token` when present (checked against the
 * named workflow's `triggerJson.webhook.token`), else an API key with automations:manage.
 */
export class AutomationHookAuth extends HttpApiMiddleware.Tag<AutomationHookAuth>()(
  "@servicekit/core/AutomationHookAuth",
  { failure: Schema.Union(Unauthenticated, PermissionDenied, RateLimited), provides: HookCaller }
) {}

export const layerAutomationHookAuth = Layer.effect(
  AutomationHookAuth,
  Effect.gen(function* () {
    const guard = (yield* apiKeyGuard)(Context.make(RequiredScope, "automations:manage"))
    if ("refused" in guard) return yield* Effect.dieMessage(guard.refused)
    const byKey = Effect.map(
      guard as Effect.Effect<{ readonly tenantId: string }, unknown>,
      (caller): HookCaller["Type"] => ({ tenantId: caller.tenantId })
    )
    return Effect.flatMap(FiberRef.get(CurrentRequest), (state): Effect.Effect<HookCaller["Type"], unknown> => {
      const token = firstHeader(state.headers, AUTOMATION_TOKEN_HEADER)
      return token === undefined ? byKey : Effect.succeed({ token })
    }) as Effect.Effect<HookCaller["Type"], Unauthenticated | PermissionDenied | RateLimited>
  })
)
