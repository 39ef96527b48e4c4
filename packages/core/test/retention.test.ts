import { Effect, Logger } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { parseRetentionDays } from "../src/accounts/RetentionSettings.js"
import { builtInComposition } from "../src/Composition.js"
import { pruneRetained } from "../src/module/Retention.js"
import type { Settings } from "../src/platform/Settings.js"
import type { WebhookDelivery } from "../src/webhooks/Webhook.js"
import { WebhookDeliveryRepository, WebhookSubscriptionRepository } from "../src/webhooks/WebhookRepositories.js"
import { NOW, type TestKit, makeTestKit } from "./support.js"

const DAY = 86_400_000
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY)

// What the modules keep for a while: pruned by the hourly sweep past the platform's days, or the kind's default.
describe("retention", () => {
  let t: TestKit
  afterEach(() => t.dispose())

  /** A tenant's webhook deliveries that ended `days` ago, each kind of age once, in a kit of `settings`. */
  const deliveriesEnded = async (settings: Partial<Settings>, ages: ReadonlyArray<number>) => {
    t = makeTestKit(settings)
    const tenantId = (await t.createTenant(["chat"])).id
    const subscriptionId = crypto.randomUUID()
    const made = ages.map(
      (days): WebhookDelivery => ({
        id: crypto.randomUUID(),
        tenantId,
        subscriptionId,
        eventId: crypto.randomUUID(),
        event: "message.created",
        body: "{}",
        status: days % 2 === 0 ? "succeeded" : "failed",
        attempts: 1,
        nextAttemptAt: null,
        createdAt: daysAgo(days + 1),
        updatedAt: daysAgo(days)
      })
    )
    await t.run(
      Effect.gen(function* () {
        yield* (yield* WebhookSubscriptionRepository).save({
          id: subscriptionId,
          tenantId,
          url: "https://hooks.example.com/in",
          events: ["message.created"],
          products: [],
          ratePerSecond: null,
          pausedAt: null,
          description: null,
          sealedSecret: "v1.sealed.c2VjcmV0",
          active: true,
          disabledReason: null,
          failingSince: null,
          pausedUntil: null,
          createdAt: daysAgo(400),
          updatedAt: daysAgo(400)
        })
        yield* (yield* WebhookDeliveryRepository).insertMany(made)
      })
    )
    const kept = () =>
      t.run(
        Effect.flatMap(WebhookDeliveryRepository, (deliveries) =>
          Effect.forEach(made, (delivery) => deliveries.find(tenantId, delivery.id))
        )
      ).then((found) => made.filter((_, index) => found[index]!._tag === "Some").map((delivery) => Math.round((NOW.getTime() - delivery.updatedAt.getTime()) / DAY)))
    return { kept }
  }
  const sweep = (logged: Array<string> = []) =>
    t.run(
      pruneRetained(builtInComposition.retention).pipe(
        Effect.provide(Logger.replace(Logger.defaultLogger, Logger.make(({ message }) => void logged.push(String(message)))))
      )
    )

  it("keeps webhook deliveries 90 days after they ended by default, and the platform's days when it sets them", async () => {
    const byDefault = await deliveriesEnded({}, [200, 91, 89, 3])
    await sweep()
    expect(await byDefault.kept()).toEqual([89, 3])
    t.dispose()

    const shorter = await deliveriesEnded({ retentionDays: { "webhooks.deliveries": 7 } }, [200, 91, 8, 6, 3])
    await sweep()
    expect(await shorter.kept()).toEqual([6, 3])
    t.dispose()

    const kept = await deliveriesEnded({ retentionDays: { "webhooks.deliveries": null } }, [2_000, 91])
    await sweep()
    expect(await kept.kept()).toEqual([2_000, 91])
  })

  it("prunes more than one batch in a sweep, and says which kinds it does not know", async () => {
    const many = await deliveriesEnded({ retentionDays: { "webhooks.deliveries": 30, "webhooks.delivery": 3 } }, [
      ...Array.from({ length: 1_201 }, (_, i) => 31 + (i % 100)),
      29
    ])
    const logged: Array<string> = []
    await sweep(logged)
    expect(await many.kept()).toEqual([29])
    expect(logged).toContain("SERVICEKIT_RETENTION_DAYS names webhooks.delivery, which no module keeps: it is ignored")
    expect(logged).toContain("retention: pruned 1201 webhooks.deliveries older than 30 days")
  })

  it("reads SERVICEKIT_RETENTION_DAYS as kind=days or kind=keep pairs, and nothing else", () => {
    expect(parseRetentionDays("")).toEqual({})
    expect(parseRetentionDays(" webhooks.deliveries = 30 , chat.conversations=keep ")).toEqual({
      "webhooks.deliveries": 30,
      "chat.conversations": null
    })
    for (const wrong of [
      "webhooks.deliveries",
      "webhooks.deliveries=0",
      "webhooks.deliveries=36501",
      "webhooks.deliveries=1.5",
      "webhooks.deliveries=-3",
      "webhooks.deliveries=forever",
      "webhooks.deliveries=3=4",
      "webhooks.deliveries=3,webhooks.deliveries=4",
      "Webhooks.Deliveries=3",
      "deliveries=3",
      "webhooks.deliveries=3\u0000"
    ]) {
      expect(parseRetentionDays(wrong), wrong).toBeUndefined()
    }
  })

  it("declares each built-in kind once, named module.data, with a default or none", () => {
    expect(builtInComposition.retention.map((data) => [data.kind, data.defaultDays])).toEqual([["webhooks.deliveries", 90]])
  })
})
