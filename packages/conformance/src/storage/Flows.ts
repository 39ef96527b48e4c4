import type { Flow } from "@servicekit/core/automations"
import { FlowRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { listTests, makeFlow, richJson, richSteps } from "./automationFixtures.js"
import { MINUTE, at, insertTenant, plus, uuid } from "./fixtures.js"

export const flowsSuite: StorageSuite<FlowRepository | TenantRepository> = {
  name: "automation flows",
  tests: (it) => {
    it.effect("stores a flow whole and finds it only within its tenant, nested JSON intact", () =>
      Effect.gen(function* () {
        const flows = yield* FlowRepository
        const tenant = yield* insertTenant()
        const flow = makeFlow(tenant.id, {
          revision: 2_147_483_647,
          state: {
            name: "Relance 📨 für Kunden — 顧客",
            active: false,
            triggerJson: { ...richJson, type: "event", event: "message.created" },
            stepsJson: richSteps,
            deleted: true
          },
          updatedAt: at("2026-04-02T10:30:00.123Z")
        })
        yield* flows.save(flow)
        const elsewhere = makeFlow((yield* insertTenant()).id, { id: flow.id })
        yield* flows.save(elsewhere)

        expect(yield* flows.find(tenant.id, flow.id)).toEqual(Option.some(flow))
        expect(yield* flows.find(elsewhere.tenantId, flow.id)).toEqual(Option.some(elsewhere))
        expect(yield* flows.find(uuid(), flow.id)).toEqual(Option.none())
        expect(yield* flows.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* flows.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* flows.find(tenant.id, flow.id.toUpperCase())).toEqual(Option.none())
        expect(yield* flows.find("not-a-uuid", flow.id)).toEqual(Option.none())
      })
    )

    it.effect("replaces the whole flow on save, as each revision does", () =>
      Effect.gen(function* () {
        const flows = yield* FlowRepository
        const tenant = yield* insertTenant()
        const flow = makeFlow(tenant.id, { state: { name: "First", triggerJson: richJson, stepsJson: richSteps } })
        yield* flows.save(flow)

        const revised: Flow = {
          ...flow,
          workflowId: uuid(),
          revision: 2,
          state: { name: "Second", deleted: false },
          createdAt: plus(flow.createdAt, MINUTE),
          updatedAt: at("2026-04-03T08:00:00.000Z")
        }
        yield* flows.save(revised)
        expect(yield* flows.find(tenant.id, flow.id)).toEqual(Option.some(revised))
        expect(yield* flows.list(tenant.id, { limit: 10 })).toEqual([revised])
      })
    )

    listTests(it, "flows", FlowRepository, makeFlow)
  }
}
