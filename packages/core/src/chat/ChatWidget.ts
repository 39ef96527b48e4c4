import { Effect, Option } from "effect"
import { SecretCrypto, constantTimeEqual, randomBase62, randomUuid } from "../platform/Crypto.js"
import { invalidField } from "../platform/Errors.js"
import { isEmailAddress } from "../platform/EmailAddress.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings, publicAddress } from "../platform/Settings.js"
import { TenantStanding } from "../platform/TenantStanding.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { UsageLedger } from "../platform/Usage.js"
import { shownAppearance } from "./Appearance.js"
import { type Conversation, type Visitor, type Widget, visitorSummary } from "./Chat.js"
import type { ChatChanges } from "./ChatChanges.js"
import { VisitorIdentityRefused, WidgetNotFound } from "./ChatErrors.js"
import {
  MAX_CONTENT_LENGTH,
  MAX_EXTERNAL_ID_LENGTH,
  WIDGET_TOKEN_DAYS,
  type WidgetIdentity,
  checkText
} from "./ChatInputs.js"
import { ConversationRepository, VisitorRepository } from "./ChatRepositories.js"
import { WidgetRepository } from "./WidgetRepository.js"
import type { ChatService } from "./ChatService.js"

const HASH = /^[0-9a-f]{64}$/
/** The `externalId` of a visitor the widget made, known by nothing else. */
const ANONYMOUS = "anon_"

/** The widget of `siteKey`, of a tenant in good standing. */
export const widgetOfSiteKey =
  (widgets: WidgetRepository["Type"], standing: TenantStanding["Type"]) => (siteKey: string) =>
    Effect.gen(function* () {
      const found = yield* widgets.findBySiteKey(siteKey)
      if (Option.isNone(found)) return yield* Effect.fail(new WidgetNotFound())
      yield* standing.check(found.value.tenantId)
      return found.value
    })

/**
 * The widget on the tenant's website: its site key and the line that loads it, its identity
 * secret, and the visitor's first message, which creates the conversation and the token the page
 * keeps. A visitor is anonymous, or the one the tenant's server names: the page passes the
 * `externalId` with the server's HMAC of it under the tenant's identity secret, so no page can
 * name another visitor. Nothing is created before a visitor writes.
 */
export const makeChatWidget = (changes: ChatChanges, postMessage: ChatService["Type"]["postMessage"]) =>
  Effect.gen(function* () {
    const widgets = yield* WidgetRepository
    const visitors = yield* VisitorRepository
    const conversations = yield* ConversationRepository
    const standing = yield* TenantStanding
    const usage = yield* UsageLedger
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto
    const box = yield* SecretBox
    const settings = yield* ServiceKitSettings
    const scriptUrl = publicAddress(settings, "/public/chat/widget.js")

    const ensure = (tenantId: string) => Effect.flatMap(changes.now, (at) => changes.ensureWidget(tenantId, at))

    const widgetOf = widgetOfSiteKey(widgets, standing)

    /** The visitor `identity` names, once its hash is the tenant's HMAC of its id (compared in constant time). */
    const identified = (widget: Widget, identity: WidgetIdentity, at: Date) =>
      Effect.gen(function* () {
        yield* checkText("externalId", identity.externalId, MAX_EXTERNAL_ID_LENGTH)
        if (!HASH.test(identity.identityHash)) {
          return yield* Effect.fail(invalidField("identityHash", "must be 64 lowercase hex digits"))
        }
        if (widget.identitySecret === null) {
          return yield* Effect.fail(
            new VisitorIdentityRefused({
              code: "identity_not_enabled",
              message: "This widget takes anonymous visitors only: its tenant has no identity secret."
            })
          )
        }
        const secret = yield* box.open(widget.identitySecret)
        if (!constantTimeEqual(crypto.hmacSha256Hex(secret, identity.externalId), identity.identityHash)) {
          return yield* Effect.fail(
            new VisitorIdentityRefused({
              code: "identity_hash_invalid",
              message: "The identity hash does not match this externalId."
            })
          )
        }
        return yield* changes.upsertVisitor(widget.tenantId, { externalId: identity.externalId }, at)
      })

    /** The visitor with `email` left for replies, when theirs to give (see leaveVisitorEmail). */
    const withEmail = (visitor: Visitor, email: string, at: Date) =>
      Effect.gen(function* () {
        if (!isEmailAddress(email)) return yield* Effect.fail(invalidField("email", "must be an email address"))
        if (visitor.email !== null && !visitor.externalId.startsWith(ANONYMOUS)) {
          if (visitor.email.toLowerCase() === email.toLowerCase()) return visitor
          return yield* Effect.fail(
            new VisitorIdentityRefused({
              code: "email_set_by_tenant",
              message: "This visitor's email address is the one the tenant gave; only the tenant changes it."
            })
          )
        }
        return yield* changes.upsertVisitor(visitor.tenantId, { externalId: visitor.externalId, email }, at)
      })

    /** A token of WIDGET_TOKEN_DAYS for the visitor's conversation. */
    const tokenFor = (visitor: Visitor, conversation: Conversation, at: Date) => {
      const expiresAt = new Date(at.getTime() + WIDGET_TOKEN_DAYS * 86_400_000)
      return Effect.map(changes.mintToken(visitor, conversation, expiresAt, at), (visitorToken) => ({
        visitorToken,
        expiresAt
      }))
    }

    const methods: Pick<
      ChatService["Type"],
      | "widget"
      | "rotateIdentitySecret"
      | "startWidgetConversation"
      | "resumeWidgetConversation"
      | "widgetAppearance"
      | "leaveVisitorEmail"
    > = {
      widget: (tenantId) =>
        Effect.map(ensure(tenantId), (widget) => ({
          siteKey: widget.siteKey,
          scriptUrl,
          snippet: `<script src="${scriptUrl}" data-site-key="${widget.siteKey}" async></script>`,
          identitySecretAt: widget.identitySecretAt
        })),

      widgetAppearance: (siteKey) =>
        Effect.map(widgetOf(siteKey), (widget) => shownAppearance(widget.appearance, settings.brand)),

      rotateIdentitySecret: (tenantId) =>
        Effect.gen(function* () {
          yield* ensure(tenantId)
          const identitySecret = `svi_${randomBase62(crypto, 40)}`
          const createdAt = yield* changes.now
          yield* widgets.setIdentitySecret(tenantId, yield* box.seal(identitySecret), createdAt)
          return { identitySecret, createdAt }
        }),

      leaveVisitorEmail: (tenantId, visitorId, email) =>
        Effect.gen(function* () {
          // The session names a visitor that exists: visitors are deleted only with their tenant.
          const visitor = yield* Effect.flatMap(visitors.find(tenantId, visitorId), (found) =>
            Option.isSome(found) ? Effect.succeed(found.value) : Effect.dieMessage("visitor of a session not found")
          )
          return visitorSummary(yield* withEmail(visitor, email, yield* changes.now))
        }),

      startWidgetConversation: (siteKey, content, identity, email) =>
        Effect.gen(function* () {
          yield* checkText("content", content, MAX_CONTENT_LENGTH)
          const widget = yield* widgetOf(siteKey)
          const { tenantId } = widget
          return yield* unit.withTransaction(
            Effect.gen(function* () {
              const at = yield* changes.now
              // Without an identity the visitor is known by nothing but this conversation's token: an id of its own.
              const named =
                identity === undefined
                  ? yield* changes.upsertVisitor(tenantId, { externalId: `${ANONYMOUS}${randomBase62(crypto, 24)}` }, at)
                  : yield* identified(widget, identity, at)
              const visitor = email === undefined ? named : yield* withEmail(named, email, at)
              const conversation = yield* changes.openConversation(
                tenantId,
                visitor,
                { name: null, priority: "normal", source: "widget" },
                at
              )
              const { expiresAt, visitorToken } = yield* tokenFor(visitor, conversation, at)
              yield* Effect.orDie(
                usage.append({
                  id: randomUuid(crypto),
                  tenantId,
                  kind: "chat_session_mint",
                  quantity: 1,
                  metadata: { conversationId: conversation.id, visitorId: visitor.id, source: "widget" },
                  occurredAt: at
                })
              )
              // Just opened, and without files.
              const message = yield* Effect.catchTags(
                postMessage(tenantId, conversation.id, { type: "visitor", id: visitor.id }, content),
                { ConversationNotFound: Effect.die, FileLimitReached: Effect.die }
              )
              return { visitorToken, expiresAt, conversation, message }
            })
          )
        }),

      resumeWidgetConversation: (siteKey, identity) =>
        Effect.gen(function* () {
          const widget = yield* widgetOf(siteKey)
          return yield* unit.withTransaction(
            Effect.gen(function* () {
              const at = yield* changes.now
              const visitor = yield* identified(widget, identity, at)
              const open = yield* conversations.findOpen(widget.tenantId, visitor.id)
              if (Option.isNone(open)) return Option.none()
              const token = yield* tokenFor(visitor, open.value, at)
              return Option.some({ ...token, conversation: open.value })
            })
          )
        })
    }
    return methods
  })
