import { HttpApiMiddleware } from "@effect/platform"
import { Clock, Context, Effect, FiberRef, Layer, Option } from "effect"
import { CurrentRequest, bearerToken } from "../http/RequestContext.js"
import { SecretCrypto } from "../platform/Crypto.js"
import { Unauthenticated, unauthenticated } from "../platform/Errors.js"
import type { VisitorToken } from "./Chat.js"
import { VisitorTokenRepository } from "./ChatRepositories.js"

/** `svt_` and 40 base62 characters. */
export const VISITOR_TOKEN = /^svt_[0-9A-Za-z]{40}$/

/** The visitor behind a request to the hosted chat's API: the conversation its token opens. */
export class VisitorSession extends Context.Tag("@servicekit/core/VisitorSession")<VisitorSession, VisitorToken>() {}

/**
 * The visitor token as `Authorization: Bearer svt_...`, and nothing else: API keys and dashboard
 * tokens open no visitor's conversation.
 */
export class VisitorAuth extends HttpApiMiddleware.Tag<VisitorAuth>()("@servicekit/core/VisitorAuth", {
  failure: Unauthenticated,
  provides: VisitorSession
}) {}

export const layerVisitorAuth: Layer.Layer<VisitorAuth, never, VisitorTokenRepository | SecretCrypto> = Layer.effect(
  VisitorAuth,
  Effect.gen(function* () {
    const tokens = yield* VisitorTokenRepository
    const crypto = yield* SecretCrypto
    const refused = () =>
      Effect.fail(
        unauthenticated("invalid_visitor_token", "The chat link is not valid or has expired; ask for a new one.")
      )
    return Effect.flatMap(FiberRef.get(CurrentRequest), (state) => {
      const token = bearerToken(state.headers)
      if (token === undefined || token === null || token.length === 0) {
        return Effect.fail(
          unauthenticated("missing_credentials", "Send the visitor token as 'Authorization: Bearer <token>'.")
        )
      }
      if (!VISITOR_TOKEN.test(token)) return refused()
      // Stored as a digest: the lookup by digest compares no secret byte by byte.
      return Effect.flatMap(crypto.sha256Hex(token), (digest) =>
        Effect.flatMap(Effect.zip(tokens.find(digest), Clock.currentTimeMillis), ([found, now]) => {
          if (Option.isNone(found) || found.value.expiresAt.getTime() <= now) return refused()
          state.tenantId = found.value.tenantId
          return Effect.succeed(found.value)
        })
      )
    })
  })
)
