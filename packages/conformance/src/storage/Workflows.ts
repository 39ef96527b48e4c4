import type { Workflow } from "@servicekit/core/automations"
import { type TenantRepository, WorkflowRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { listTests, makeWorkflow, richJson, richSteps } from "./automationFixtures.js"
import { MINUTE, at, insertTenant, plus, uuid } from "./fixtures.js"

export const workflowsSuite: StorageSuite<WorkflowRepository | TenantRepository> = {
  name: "automation workflows",
  tests: (it) => {
    it.effect("stores a workflow whole and finds it only within its tenant, nested JSON intact", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const tenant = yield* insertTenant()
        const workflow = makeWorkflow(tenant.id, {
          name: "Relance 📨 für Kunden — 顧客",
          active: false,
          trigger: { ...richJson, type: "schedule", cron: "0 9 * * 1-5" },
          steps: richSteps,
          updatedAt: at("2026-04-02T10:30:00.123Z")
        })
        yield* workflows.save(workflow)
        // Ids are per tenant: another tenant's workflow with the same id is another workflow.
        const elsewhere = makeWorkflow((yield* insertTenant()).id, { id: workflow.id })
        yield* workflows.save(elsewhere)

        expect(yield* workflows.find(tenant.id, workflow.id)).toEqual(Option.some(workflow))
        expect(yield* workflows.find(elsewhere.tenantId, workflow.id)).toEqual(Option.some(elsewhere))
        expect(yield* workflows.find(uuid(), workflow.id)).toEqual(Option.none())
        expect(yield* workflows.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* workflows.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* workflows.find(tenant.id, workflow.id.toUpperCase())).toEqual(Option.none())
        expect(yield* workflows.find("not-a-uuid", workflow.id)).toEqual(Option.none())

        // Found in every tenant that has the id, ordered by tenant id.
        const everywhere = yield* workflows.findEverywhere(workflow.id)
        expect(everywhere).toEqual([workflow, elsewhere].sort((a, b) => (a.tenantId < b.tenantId ? -1 : 1)))
        expect(yield* workflows.findEverywhere(uuid())).toEqual([])
        expect(yield* workflows.findEverywhere("not-a-uuid")).toEqual([])
      })
    )

    it.effect("finds many workflows by (tenant, id) in one read, each only within its tenant", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const first = makeWorkflow(tenant.id, { trigger: richJson, steps: richSteps })
        const second = makeWorkflow(tenant.id)
        const elsewhere = makeWorkflow(other.id, { id: first.id })
        yield* Effect.forEach([first, second, elsewhere], workflows.save, { discard: true })
        const byId = (found: ReadonlyArray<Workflow>) =>
          [...found].sort((a, b) => `${a.tenantId}/${a.id}`.localeCompare(`${b.tenantId}/${b.id}`))

        expect(
          byId(
            yield* workflows.findMany([
              { tenantId: tenant.id, id: first.id },
              { tenantId: tenant.id, id: second.id },
              // Asked twice, found once; another tenant's key finds its own workflow only.
              { tenantId: tenant.id, id: first.id },
              { tenantId: other.id, id: first.id },
              { tenantId: other.id, id: second.id },
              { tenantId: tenant.id, id: uuid() },
              { tenantId: tenant.id, id: "not-a-uuid" },
              { tenantId: "not-a-uuid", id: first.id }
            ])
          )
        ).toEqual(byId([first, second, elsewhere]))
        expect(yield* workflows.findMany([])).toEqual([])
        expect(yield* workflows.findMany([{ tenantId: tenant.id, id: first.id.toUpperCase() }])).toEqual([])
      })
    )

    it.effect("replaces the whole workflow on save, its place in the list too", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const tenant = yield* insertTenant()
        const first = makeWorkflow(tenant.id, { trigger: richJson, steps: richSteps })
        const second = makeWorkflow(tenant.id, { createdAt: plus(first.createdAt, MINUTE) })
        yield* workflows.save(first)
        yield* workflows.save(second)

        // Keys the new version leaves out are gone, not merged.
        const changed: Workflow = {
          ...first,
          name: "Renamed",
          active: false,
          trigger: { schemaVersion: 1, type: "webhook" },
          steps: [],
          flowId: uuid(),
          createdAt: plus(first.createdAt, 2 * MINUTE),
          updatedAt: at("2026-04-03T08:00:00.000Z")
        }
        yield* workflows.save(changed)
        expect(yield* workflows.find(tenant.id, first.id)).toEqual(Option.some(changed))
        expect(yield* workflows.list(tenant.id, { limit: 10 })).toEqual([changed, second])
      })
    )

    listTests(it, "workflows", WorkflowRepository, makeWorkflow)

    it.effect("lists a tenant's active workflows triggered by the given events, oldest first", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-04-01T00:00:00.000Z")
        const onEvents = (events: ReadonlyArray<string>, overrides: Partial<Workflow> = {}) =>
          makeWorkflow(tenant.id, { trigger: { schemaVersion: 1, type: "event", events }, ...overrides })
        const messages = onEvents(["message.created"], { createdAt: plus(base, 2 * MINUTE) })
        const both = onEvents(["conversation.created", "message.created"], { createdAt: plus(base, MINUTE) })
        // Two created at once: the id decides.
        const tied = [0, 1].map(() => onEvents(["csat.submitted"], { createdAt: plus(base, 3 * MINUTE) }))
        const inactive = onEvents(["message.created"], { active: false })
        const scheduled = makeWorkflow(tenant.id, {
          trigger: { schemaVersion: 1, type: "schedule", everySeconds: 60, events: ["message.created"] }
        })
        const elsewhere = makeWorkflow(other.id, {
          trigger: { schemaVersion: 1, type: "event", events: ["message.created"] }
        })
        for (const workflow of [messages, both, ...tied, inactive, scheduled, elsewhere])
          yield* workflows.save(workflow)

        expect(yield* workflows.listEventTriggered(tenant.id, ["message.created"])).toEqual([both, messages])
        expect(yield* workflows.listEventTriggered(tenant.id, ["conversation.created"])).toEqual([both])
        expect(yield* workflows.listEventTriggered(tenant.id, ["csat.submitted", "conversation.created"])).toEqual([
          both,
          ...[...tied].sort((a, b) => (a.id < b.id ? -1 : 1))
        ])
        expect(yield* workflows.listEventTriggered(tenant.id, ["conversation.closed"])).toEqual([])
        expect(yield* workflows.listEventTriggered(tenant.id, [])).toEqual([])
        expect(yield* workflows.listEventTriggered(other.id, ["message.created"])).toEqual([elsewhere])
        expect(yield* workflows.listEventTriggered(uuid(), ["message.created"])).toEqual([])
        expect(yield* workflows.listEventTriggered("not-a-uuid", ["message.created"])).toEqual([])

        // Deactivated, or triggered otherwise: no longer listed.
        yield* workflows.save({ ...messages, active: false })
        yield* workflows.save({ ...both, trigger: { schemaVersion: 1, type: "manual" } })
        expect(yield* workflows.listEventTriggered(tenant.id, ["message.created"])).toEqual([])
      })
    )

    it.effect("lists a tenant's active workflows triggered by a channel, oldest first", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-04-01T00:00:00.000Z")
        const channel = uuid()
        const onChannel = (channelId: string, tenantId = tenant.id, overrides: Partial<Workflow> = {}) =>
          makeWorkflow(tenantId, { trigger: { schemaVersion: 1, type: "channel", channelId }, ...overrides })
        const later = onChannel(channel, tenant.id, { createdAt: plus(base, 2 * MINUTE) })
        const earlier = onChannel(channel, tenant.id, { createdAt: plus(base, MINUTE) })
        const inactive = onChannel(channel, tenant.id, { active: false })
        const elsewhere = onChannel(uuid())
        const otherTenant = onChannel(channel, other.id)
        for (const workflow of [later, earlier, inactive, elsewhere, otherTenant]) yield* workflows.save(workflow)

        expect(yield* workflows.listChannelTriggered(tenant.id, channel)).toEqual([earlier, later])
        expect(yield* workflows.listChannelTriggered(other.id, channel)).toEqual([otherTenant])
        expect(yield* workflows.listChannelTriggered(tenant.id, uuid())).toEqual([])
        expect(yield* workflows.listChannelTriggered("not-a-uuid", channel)).toEqual([])
      })
    )

    it.effect("removes a workflow only within its tenant, and says whether there was one", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const workflow = makeWorkflow(tenant.id)
        const kept = makeWorkflow(tenant.id)
        const elsewhere = makeWorkflow(other.id, { id: workflow.id })
        for (const saved of [workflow, kept, elsewhere]) yield* workflows.save(saved)

        expect(yield* workflows.remove(other.id, kept.id)).toBe(false)
        expect(yield* workflows.remove(uuid(), workflow.id)).toBe(false)
        expect(yield* workflows.remove(tenant.id, uuid())).toBe(false)
        expect(yield* workflows.remove(tenant.id, "not-a-uuid")).toBe(false)
        expect(yield* workflows.remove("not-a-uuid", workflow.id)).toBe(false)
        expect(yield* workflows.find(other.id, kept.id)).toEqual(Option.none())
        expect(yield* workflows.find(tenant.id, kept.id)).toEqual(Option.some(kept))

        expect(yield* workflows.remove(tenant.id, workflow.id)).toBe(true)
        expect(yield* workflows.find(tenant.id, workflow.id)).toEqual(Option.none())
        expect(yield* workflows.remove(tenant.id, workflow.id)).toBe(false)
        expect(yield* workflows.list(tenant.id, { limit: 10 })).toEqual([kept])
        // The other tenant's workflow with the same id stays.
        expect(yield* workflows.find(other.id, workflow.id)).toEqual(Option.some(elsewhere))

        // A removed id may be saved again.
        yield* workflows.save(workflow)
        expect(yield* workflows.find(tenant.id, workflow.id)).toEqual(Option.some(workflow))
      })
    )

    it.effect("tells whether any of a tenant's workflows, active or not, is triggered otherwise than by hand", () =>
      Effect.gen(function* () {
        const workflows = yield* WorkflowRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        expect(yield* workflows.hasAutomaticTrigger(tenant.id)).toBe(false)
        for (let i = 0; i < 3; i++) yield* workflows.save(makeWorkflow(tenant.id))
        yield* workflows.save(
          makeWorkflow(other.id, { trigger: { schemaVersion: 1, type: "schedule", everySeconds: 60 } })
        )
        expect(yield* workflows.hasAutomaticTrigger(tenant.id)).toBe(false)
        expect(yield* workflows.hasAutomaticTrigger(other.id)).toBe(true)

        for (const type of ["schedule", "heartbeat", "event", "webhook", "channel"]) {
          const automatic = makeWorkflow(tenant.id, { active: false, trigger: { schemaVersion: 1, type } })
          yield* workflows.save(automatic)
          expect(yield* workflows.hasAutomaticTrigger(tenant.id)).toBe(true)
          yield* workflows.remove(tenant.id, automatic.id)
          expect(yield* workflows.hasAutomaticTrigger(tenant.id)).toBe(false)
        }
        expect(yield* workflows.hasAutomaticTrigger(uuid())).toBe(false)
        expect(yield* workflows.hasAutomaticTrigger("not-a-uuid")).toBe(false)
      })
    )
  }
}
