import { HttpApiMiddleware } from "@effect/platform"
import { Context, Effect, FiberRef, Layer, Schema } from "effect"
import { CurrentRequest, firstHeader } from "../../http/RequestContext.js"
import { RequiredScope, apiKeyGuard } from "../../http/Security.js"
import { PermissionDenied, RateLimited, Unauthenticated } from "../../platform/Errors.js"

export const AUTOMATION_TOKEN_HEADER = "x-service-automation-token"
export const CHANNEL_SECRET_HEADER = "x-service-channel-secret"

/** Who calls an inbound endpoint: an API key's tenant, or a webhook token or channel secret still to be matched. */
export class HookCaller extends Context.Tag("@servicekit/core/HookCaller")<
  HookCaller,
  { readonly tenantId: string; readonly test: boolean } | { readonly token: string }
>() {}

/**
 * The inbound hook's credential: `X-Service-Automation-Token` when present (checked against the
 * named workflow's `triggerJson.webhook.token`), else an API key with automations:manage.
 */
export class AutomationHookAuth extends HttpApiMiddleware.Tag<AutomationHookAuth>()(
  "@servicekit/core/AutomationHookAuth",
  { failure: Schema.Union(Unauthenticated, PermissionDenied, RateLimited), provides: HookCaller }
) {}

/**
 * `X-Service-Channel-Secret` when present (checked against the channel's inbound secret), else an
 * API key with automations:manage: the credential of a channel's inbound endpoint.
 */
export class ChannelInboundAuth extends HttpApiMiddleware.Tag<ChannelInboundAuth>()(
  "@servicekit/core/ChannelInboundAuth",
  { failure: Schema.Union(Unauthenticated, PermissionDenied, RateLimited), provides: HookCaller }
) {}

/** The caller: the secret in `header` when the request has one (the handler checks it), else an API key's tenant. */
const secretOrApiKey = (header: string) =>
  Effect.gen(function* () {
    const guard = (yield* apiKeyGuard)(Context.make(RequiredScope, "automations:manage"))
    if ("refused" in guard) return yield* Effect.dieMessage(guard.refused)
    const byKey = Effect.map(
      guard as Effect.Effect<{ readonly tenantId: string; readonly environment: string }, unknown>,
      (caller): HookCaller["Type"] => ({ tenantId: caller.tenantId, test: caller.environment === "test" })
    )
    return Effect.flatMap(FiberRef.get(CurrentRequest), (state): Effect.Effect<HookCaller["Type"], unknown> => {
      const token = firstHeader(state.headers, header)
      return token === undefined ? byKey : Effect.succeed({ token })
    }) as Effect.Effect<HookCaller["Type"], Unauthenticated | PermissionDenied | RateLimited>
  })

export const layerAutomationHookAuth = Layer.effect(AutomationHookAuth, secretOrApiKey(AUTOMATION_TOKEN_HEADER))
export const layerChannelInboundAuth = Layer.effect(ChannelInboundAuth, secretOrApiKey(CHANNEL_SECRET_HEADER))
