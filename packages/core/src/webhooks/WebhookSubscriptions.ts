import { Effect, Option } from "effect"
import { SecretCrypto, randomBase62, randomUuid } from "../platform/Crypto.js"
import { notEntitled } from "../platform/Entitlements.js"
import { listPage } from "../platform/Keyset.js"
import { ProductCatalog } from "../platform/Products.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { TenantService } from "../platform/TenantService.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import type { WebhookSubscription } from "./Webhook.js"
import { checkDescription, checkEvents, checkUrl, pageSize } from "./WebhookInputs.js"
import { WebhookDeliveryRepository, WebhookSubscriptionRepository } from "./WebhookRepositories.js"
import type { WebhookSender } from "./WebhookSender.js"
import type { WebhookService } from "./WebhookService.js"

/**
 * The endpoints a tenant subscribes: created with a secret shown once and kept sealed, changed
 * or removed (dropping the sender's opened copy at once), and their history of attempts.
 */
export const makeWebhookSubscriptions = (sender: WebhookSender) =>
  Effect.gen(function* () {
    const subscriptions = yield* WebhookSubscriptionRepository
    const deliveries = yield* WebhookDeliveryRepository
    const box = yield* SecretBox
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto
    const settings = yield* ServiceKitSettings
    const tenants = yield* TenantService
    const catalogEvents = (yield* ProductCatalog).events
    const eventNames = catalogEvents.map((event) => event.name)
    const productOfEvent = new Map(catalogEvents.map((event) => [event.name, event.product]))
    const { find, forget, now } = sender

    /**
     * `events` without repeats, when each is in the catalog (else a 400) and the tenant is entitled
     * to the product of each (else a 403 naming the first it is not).
     */
    const checkSubscribable = (tenantId: string, requested: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const events = yield* checkEvents(requested, eventNames)
        const tenant = yield* Effect.option(tenants.get(tenantId))
        const entitlements: ReadonlyArray<string> = Option.isSome(tenant) ? tenant.value.entitlements : []
        // A platform event (no product) is anyone's.
        const refused = events.find((event) => {
          const product = productOfEvent.get(event)
          return product !== undefined && !entitlements.includes(product)
        })
        if (refused === undefined) return events
        const product = productOfEvent.get(refused)!
        return yield* notEntitled(product, `The event ${refused} comes from the ${product} product`)
      })

    const methods: Pick<WebhookService["Type"], "create" | "get" | "list" | "update" | "remove" | "deliveries"> = {
      create: (tenantId, input) =>
        Effect.gen(function* () {
          const url = yield* checkUrl(input.url, settings.outboundAllowPrivate)
          const events = yield* checkSubscribable(tenantId, input.events)
          yield* checkDescription(input.description)
          const secret = `whsec_${randomBase62(crypto, 32)}`
          const at = yield* now
          const subscription: WebhookSubscription = {
            id: randomUuid(crypto),
            tenantId,
            url,
            events,
            description: input.description ?? null,
            sealedSecret: yield* box.seal(secret),
            active: input.active ?? true,
            disabledReason: null,
            failingSince: null,
            pausedUntil: null,
            createdAt: at,
            updatedAt: at
          }
          yield* subscriptions.save(subscription)
          return { subscription, secret }
        }),
      get: find,
      list: (tenantId, query) =>
        listPage(
          { limit: pageSize(query.limit), cursor: query.cursor },
          (cursor) => subscriptions.find(tenantId, cursor),
          (page) => subscriptions.list(tenantId, page)
        ),
      update: (tenantId, id, patch) =>
        Effect.gen(function* () {
          const url = patch.url === undefined ? undefined : yield* checkUrl(patch.url, settings.outboundAllowPrivate)
          const events = patch.events === undefined ? undefined : yield* checkSubscribable(tenantId, patch.events)
          yield* checkDescription(patch.description)
          const current = yield* find(tenantId, id)
          const active = patch.active ?? current.active
          // Turned on again, or pointed elsewhere: its receiver gets a fresh start.
          const freshStart = (active && !current.active) || (url !== undefined && url !== current.url)
          const updated: WebhookSubscription = {
            ...current,
            url: url ?? current.url,
            events: events ?? current.events,
            description: patch.description === undefined ? current.description : patch.description,
            active,
            disabledReason: active ? null : patch.active === false ? null : current.disabledReason,
            ...(freshStart ? { failingSince: null, pausedUntil: null } : {}),
            updatedAt: yield* now
          }
          yield* subscriptions.save(updated)
          yield* forget(tenantId, id)
          return updated
        }),
      remove: (tenantId, id) =>
        unit.withTransaction(
          Effect.flatMap(find(tenantId, id), (subscription) =>
            Effect.as(Effect.zipRight(subscriptions.remove(tenantId, id), forget(tenantId, id)), subscription)
          )
        ),
      deliveries: (tenantId, id, query) =>
        Effect.zipRight(
          find(tenantId, id),
          listPage(
            { limit: pageSize(query.limit), cursor: query.cursor },
            (cursor) =>
              Effect.map(
                deliveries.findAttempt(tenantId, cursor),
                Option.filter((row) => row.subscriptionId === id)
              ),
            (page) => deliveries.listAttempts(tenantId, id, page)
          )
        )
    }
    return methods
  })
