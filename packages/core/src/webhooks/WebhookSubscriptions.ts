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
import { MAX_SUBSCRIPTIONS, productsOfEvents } from "./WebhookFilters.js"
import { checkDescription, checkNames, checkRate, checkUrl, pageSize } from "./WebhookInputs.js"
import { WebhookLimitReached } from "./WebhookErrors.js"
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
    const productOfEvent = productsOfEvents(catalogEvents)
    // The products an endpoint may name: those that send events.
    const eventProducts = [...new Set(catalogEvents.flatMap((event) => (event.product === undefined ? [] : [event.product])))]
    const { find, forget, now } = sender

    /**
     * The filter's events and products without repeats, when each is in the catalog (else a 400)
     * and the tenant is entitled to each product, named or sending a named event (else a 403
     * naming the first it is not).
     */
    const checkSubscribable = (tenantId: string, filter: { events: ReadonlyArray<string>; products: ReadonlyArray<string> }) =>
      Effect.gen(function* () {
        const events = yield* checkNames("events", filter.events, eventNames)
        const products = yield* checkNames("products", filter.products, eventProducts)
        const tenant = yield* Effect.option(tenants.get(tenantId))
        const entitlements: ReadonlyArray<string> = Option.isSome(tenant) ? tenant.value.entitlements : []
        const refusedProduct = products.find((product) => !entitlements.includes(product))
        if (refusedProduct !== undefined) return yield* notEntitled(refusedProduct)
        // A platform event (no product) is anyone's.
        const refused = events.find((event) => {
          const product = productOfEvent.get(event)
          return product !== undefined && !entitlements.includes(product)
        })
        if (refused === undefined) return { events, products }
        const product = productOfEvent.get(refused)!
        return yield* notEntitled(product, `The event ${refused} comes from the ${product} product`)
      })

    /** Refused once the tenant keeps MAX_SUBSCRIPTIONS. */
    const checkRoom = (tenantId: string) =>
      Effect.flatMap(subscriptions.list(tenantId, { limit: MAX_SUBSCRIPTIONS }), (kept) =>
        kept.length < MAX_SUBSCRIPTIONS ? Effect.void : Effect.fail(new WebhookLimitReached())
      )

    const methods: Pick<WebhookService["Type"], "create" | "get" | "list" | "update" | "remove" | "deliveries"> = {
      create: (tenantId, input) =>
        Effect.gen(function* () {
          const url = yield* checkUrl(input.url, settings.outboundAllowPrivate)
          const filter = yield* checkSubscribable(tenantId, { events: input.events ?? [], products: input.products ?? [] })
          yield* checkDescription(input.description)
          yield* checkRate(input.ratePerSecond)
          yield* checkRoom(tenantId)
          const secret = `whsec_${randomBase62(crypto, 32)}`
          const at = yield* now
          const subscription: WebhookSubscription = {
            id: randomUuid(crypto),
            tenantId,
            url,
            ...filter,
            ratePerSecond: input.ratePerSecond ?? null,
            pausedAt: input.paused === true ? at : null,
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
          yield* checkDescription(patch.description)
          yield* checkRate(patch.ratePerSecond)
          const current = yield* find(tenantId, id)
          const filter =
            patch.events === undefined && patch.products === undefined
              ? undefined
              : yield* checkSubscribable(tenantId, {
                  events: patch.events ?? current.events,
                  products: patch.products ?? current.products
                })
          const at = yield* now
          const active = patch.active ?? current.active
          // Turned on again, or pointed elsewhere: its receiver gets a fresh start.
          const freshStart = (active && !current.active) || (url !== undefined && url !== current.url)
          const pausedAt = patch.paused === undefined ? current.pausedAt : patch.paused ? (current.pausedAt ?? at) : null
          const updated: WebhookSubscription = {
            ...current,
            url: url ?? current.url,
            ...filter,
            ratePerSecond: patch.ratePerSecond === undefined ? current.ratePerSecond : patch.ratePerSecond,
            pausedAt,
            description: patch.description === undefined ? current.description : patch.description,
            active,
            disabledReason: active ? null : patch.active === false ? null : current.disabledReason,
            ...(freshStart ? { failingSince: null, pausedUntil: null } : {}),
            updatedAt: at
          }
          yield* subscriptions.save(updated)
          // Resumed: what waited goes out now, in turn with the tenant's other deliveries. Stored
          // first, on its own, so that a sender holding one meanwhile sees the resume (see resumeHeld).
          if (current.pausedAt !== null && pausedAt === null) yield* sender.resumeHeld(tenantId, id)
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
