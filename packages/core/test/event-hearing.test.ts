import { EventBus } from "@servicekit/core/internal"
import { WebhookService } from "@servicekit/core/webhooks"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { type TestKit, makeTestKit } from "./support.js"

describe("whether anything hears an event, before it is written", () => {
  let t: TestKit
  afterEach(() => t.dispose())

  it("hears a tenant's event only where an active subscription lists it, and a chat event always", async () => {
    t = makeTestKit({ outboundAllowPrivate: true })
    const listening = await t.createTenant(["automations", "chat"], "Listening")
    const quiet = await t.createTenant(["automations", "chat"], "Quiet")
    const subscribed = await t.run(
      Effect.flatMap(WebhookService, (webhooks) =>
        webhooks.create(listening.id, { url: "https://hooks.example.com/in", events: ["run.failed"] })
      )
    )
    const heard = (asked: Array<{ tenantId: string; type: string }>) =>
      t.run(Effect.flatMap(EventBus, (bus) => bus.heard(asked)))

    expect(
      await heard([
        { tenantId: listening.id, type: "run.failed" },
        { tenantId: listening.id, type: "run.succeeded" },
        { tenantId: quiet.id, type: "run.failed" },
        // Workflows' event triggers hear Live Chat's events, whatever the endpoints.
        { tenantId: quiet.id, type: "message.created" },
        // Nothing in the kit takes this one.
        { tenantId: listening.id, type: "note.created" }
      ])
    ).toEqual([true, false, false, true, false])

    // An endpoint turned off hears nothing.
    await t.run(
      Effect.flatMap(WebhookService, (webhooks) =>
        webhooks.update(listening.id, subscribed.subscription.id, { active: false })
      )
    )
    expect(await heard([{ tenantId: listening.id, type: "run.failed" }])).toEqual([false])
  })
})
