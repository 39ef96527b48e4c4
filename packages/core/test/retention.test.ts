import { Effect, Logger } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { builtInComposition } from "../src/Composition.js"
import { RetentionService } from "../src/retention/RetentionService.js"
import { parseRetentionDays } from "../src/retention/RetentionSettings.js"
import type { Settings } from "../src/platform/Settings.js"
import { makeRun } from "@servicekit/conformance"
import { RunRepository } from "../src/automations/records/RunRepositories.js"
import { ReadoutService } from "../src/automations/readouts/ReadoutService.js"
import type { WebhookDelivery } from "../src/webhooks/Webhook.js"
import { WebhookDeliveryRepository, WebhookSubscriptionRepository } from "../src/webhooks/WebhookRepositories.js"
import { NOW, type TestKit, makeTestKit } from "./support.js"

const DAY = 86_400_000
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY)

// What the modules keep for a while: pruned by the hourly sweep past the tenant's days, the platform's, or the kind's default.
describe("retention", () => {
  let t: TestKit
  afterEach(() => t.dispose())

  /** A new tenant's webhook deliveries that ended `days` ago, each kind of age once, in a kit of `settings`. */
  const deliveriesEnded = async (settings: Partial<Settings>, ages: ReadonlyArray<number>) => {
    t = makeTestKit(settings)
    return deliveriesOfNewTenant(ages)
  }
  /** Another tenant's, in the same kit. */
  const deliveriesOfNewTenant = async (ages: ReadonlyArray<number>) => {
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
    return { tenantId, kept }
  }
  const sweep = (logged: Array<string> = []) =>
    t.run(
      Effect.flatMap(RetentionService, (retention) => retention.sweep).pipe(
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

  const choose = (tenantId: string, kind: string, days: number | null) =>
    t.run(Effect.flatMap(RetentionService, (retention) => Effect.either(retention.choose(tenantId, kind, days))))

  it("prunes a tenant's data past the period it chose within the platform's, and no other tenant's", async () => {
    const chose = await deliveriesEnded({ retentionDays: { "webhooks.deliveries": 60 } }, [61, 20, 8, 3])
    const other = await deliveriesOfNewTenant([61, 20, 8, 3])
    const chosen = await choose(chose.tenantId, "webhooks.deliveries", 7)
    expect(chosen).toMatchObject({
      _tag: "Right",
      right: { kind: "webhooks.deliveries", product: null, defaultDays: 90, platformDays: 60, tenantDays: 7, days: 7 }
    })
    // Longer than the platform's: refused at the field, the choice unchanged.
    const longer = await choose(chose.tenantId, "webhooks.deliveries", 61)
    expect(longer).toMatchObject({
      _tag: "Left",
      left: { _tag: "ValidationFailed", details: [{ field: "days", reason: "must be at most 60: the platform keeps webhooks.deliveries 60 days" }] }
    })
    expect(await choose(chose.tenantId, "webhooks.nothing", 7)).toMatchObject({ _tag: "Left", left: { _tag: "RetentionKindNotFound" } })
    await sweep()
    expect(await chose.kept()).toEqual([3])
    expect(await other.kept()).toEqual([20, 8, 3])

    // Back to the platform's: nothing more goes, and what went stays gone.
    expect(await choose(chose.tenantId, "webhooks.deliveries", null)).toMatchObject({ right: { tenantDays: null, days: 60, updatedAt: null } })
    const list = await t.run(Effect.flatMap(RetentionService, (retention) => retention.list(chose.tenantId)))
    expect(list.find((period) => period.kind === "webhooks.deliveries")).toMatchObject({ tenantDays: null, days: 60 })
  })

  it("lets a tenant choose any period where the platform keeps a kind", async () => {
    const chose = await deliveriesEnded({ retentionDays: { "webhooks.deliveries": null } }, [5_000, 400, 300])
    const other = await deliveriesOfNewTenant([5_000, 300])
    expect(await choose(chose.tenantId, "webhooks.deliveries", 365)).toMatchObject({ right: { platformDays: null, tenantDays: 365, days: 365 } })
    await sweep()
    expect(await chose.kept()).toEqual([300])
    expect(await other.kept()).toEqual([5_000, 300])
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
    expect(logged).toContain("retention: pruned 1201 webhooks.deliveries")
  })

  it("keeps runs the SLO's 7 days at least: a tenant cannot choose fewer, and the platform's fewer count as 7", async () => {
    t = makeTestKit({ retentionDays: { "automations.runs": 3 } })
    const tenantId = (await t.createTenant(["automations"])).id
    /** A run made `made` days ago that succeeded `ended` days ago. */
    const run = (made: number, ended: number) =>
      makeRun(tenantId, {
        status: "succeeded",
        createdAt: daysAgo(made),
        startedAt: daysAgo(made),
        finishedAt: daysAgo(ended),
        updatedAt: daysAgo(ended)
      })
    // Ended 10, 7.5, 6 and 2 days ago; only the third was made within the SLO's 7 days.
    const made = [run(10.5, 10), run(8, 7.5), run(6.5, 6), run(9, 2)]
    await t.run(Effect.flatMap(RunRepository, (runs) => runs.insertMany(made)))
    const slo = () => t.run(Effect.flatMap(ReadoutService, (readouts) => readouts.slo(tenantId)))
    const sloBefore = await slo()

    expect(await choose(tenantId, "automations.runs", 6)).toMatchObject({
      _tag: "Left",
      left: { _tag: "ValidationFailed", details: [{ field: "days", reason: "must be at least 7: automations.runs is kept that long at least" }] }
    })
    const list = await t.run(Effect.flatMap(RetentionService, (retention) => retention.list(tenantId)))
    expect(list.find((period) => period.kind === "automations.runs")).toMatchObject({
      defaultDays: 30,
      minimumDays: 7,
      platformDays: 7,
      tenantDays: null,
      days: 7
    })
    const logged: Array<string> = []
    await sweep(logged)
    expect(logged).toContain("SERVICEKIT_RETENTION_DAYS keeps automations.runs 3 days, under its minimum: it is kept 7")
    const kept = await t.run(
      Effect.flatMap(RunRepository, (runs) => Effect.forEach(made, (each) => runs.find(tenantId, each.id)))
    )
    expect(kept.map((found) => found._tag)).toEqual(["None", "None", "Some", "Some"])
    // What the SLO reads is all still there.
    expect(await slo()).toEqual(sloBefore)
    expect(sloBefore.runs.total).toBe(1)
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
    expect(builtInComposition.retention.map((data) => [data.kind, data.product, data.defaultDays])).toEqual([
      ["chat.conversations", "chat", null],
      ["chat.visitor_tokens", "chat", 7],
      ["webhooks.deliveries", undefined, 90],
      ["transactional.content", "transactional", 45],
      ["automations.runs", "automations", 30],
      ["automations.memory_audit", "automations", 90],
      ["automations.node_commands", "automations", 30]
    ])
  })
})
