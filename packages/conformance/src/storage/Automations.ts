import type { Vitest } from "@effect/vitest"
import type { Flow, Workflow } from "@servicekit/core/automations"
import { FlowRepository, type Page, type TenantRepository, WorkflowRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, at, insertTenant, newestFirst, plus, uuid } from "./fixtures.js"

const makeWorkflow = (tenantId: string, overrides: Partial<Workflow> = {}): Workflow => ({
  id: uuid(),
  tenantId,
  name: "Welcome new customers",
  active: true,
  trigger: { schemaVersion: 1, type: "manual" },
  steps: [{ type: "log", message: "started" }],
  flowId: uuid(),
  revision: 1,
  createdAt: at("2026-04-01T09:00:00.000Z"),
  updatedAt: at("2026-04-01T09:00:00.000Z"),
  ...overrides
})

const makeFlow = (tenantId: string, overrides: Partial<Flow> = {}): Flow => ({
  id: uuid(),
  tenantId,
  workflowId: uuid(),
  revision: 1,
  state: { name: "Welcome new customers", active: true, deleted: false },
  createdAt: at("2026-04-01T09:00:00.000Z"),
  updatedAt: at("2026-04-01T09:00:00.000Z"),
  ...overrides
})

/** Numbers at the edges of what a JSON number carries, and text in many scripts, nested. */
const richJson = {
  schemaVersion: 1,
  numbers: [0, -1, 42, 1.5, -0.25, 0.1 + 0.2, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
  extremes: { largest: Number.MAX_VALUE, smallest: Number.MIN_VALUE },
  flags: [true, false, null],
  "clé ✓ 東京": "naïve café — 東京 — مرحبا — 👩‍💻🎉",
  escaped: 'she said "hi" \\ \n\ttab \u2028 </script> \u0001',
  nested: { deep: { deeper: [1, [2, [3, { four: 4, "": "empty key" }]]] }, empty: {}, none: [] }
}

const richSteps = [
  { type: "skill", skill: "http.request", input: { url: "https://example.com/ü?q=1&r=✓", retries: 3 } },
  { type: "deliver", input: { to: "ada@example.com", subject: "Grüße 👋", amounts: [9.99, 0, -12.5] } },
  { type: "approval", checklist: [], data: richJson }
]

interface Stored {
  readonly tenantId: string
  readonly id: string
  readonly createdAt: Date
}

/** What the list tests need of a repository. */
interface Listing<A> {
  readonly save: (row: A) => Effect.Effect<void>
  readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<A>>
}

/** Every page from the start, following the keyset of each page's last row. */
const allPages = <A extends Stored>(listing: Listing<A>, tenantId: string, limit: number) =>
  Effect.gen(function* () {
    const seen: Array<A> = []
    let after: Page["after"]
    for (let pages = 0; pages < 100; pages++) {
      const page = yield* listing.list(tenantId, { limit, after })
      expect(page.length).toBeLessThanOrEqual(limit)
      seen.push(...page)
      if (page.length < limit) return seen
      const last = page[page.length - 1]
      after = { createdAt: last.createdAt, id: last.id }
    }
    throw new Error("paging did not end")
  })

/** The list tests every newest-first repository of this module passes. */
const listTests = <A extends Stored, R>(
  it: Vitest.MethodsNonLive<R | TenantRepository, true>,
  plural: string,
  repository: Effect.Effect<Listing<A>, never, R>,
  make: (tenantId: string, overrides: Partial<Stored>) => A
) => {
  const order = newestFirst<A>((row) => row.createdAt)

  it.effect(`lists a tenant's ${plural} newest first (then by id), in keyset pages`, () =>
    Effect.gen(function* () {
      const listing = yield* repository
      const tenant = yield* insertTenant()
      const other = yield* insertTenant()
      const base = at("2026-04-01T00:00:00.000Z")
      // Three share a creation time, so the id decides their order.
      const stored = [0, 1, 1, 1, 2, 3, 5].map((minutes) =>
        make(tenant.id, { createdAt: plus(base, minutes * MINUTE) })
      )
      for (const row of stored) yield* listing.save(row)
      // Another tenant's row between them, one with the same id, and one that is newest of all.
      yield* listing.save(make(other.id, { createdAt: plus(base, 4 * MINUTE) }))
      yield* listing.save(make(other.id, { id: stored[2].id, createdAt: plus(base, MINUTE) }))
      yield* listing.save(make(other.id, { createdAt: plus(base, 9 * MINUTE) }))
      const expected = [...stored].sort(order)

      expect(yield* listing.list(tenant.id, { limit: 100 })).toEqual(expected)
      expect(yield* listing.list(tenant.id, { limit: 2 })).toEqual(expected.slice(0, 2))
      for (const limit of [1, 2, 3, 7]) {
        expect(yield* allPages(listing, tenant.id, limit)).toEqual(expected)
      }
      // A position is exclusive: the rows after the third, and nothing after the last.
      expect(yield* listing.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
      expect(yield* listing.list(tenant.id, { limit: 5, after: expected[expected.length - 1] })).toEqual([])

      expect(yield* listing.list(uuid(), { limit: 10 })).toEqual([])
      expect(yield* listing.list("not-a-uuid", { limit: 10 })).toEqual([])
    })
  )

  it.effect(`pages ${plural} from a position whose id is no uuid, comparing the id as text`, () =>
    Effect.gen(function* () {
      const listing = yield* repository
      const tenant = yield* insertTenant()
      const tie = at("2026-04-01T10:00:00.000Z")
      const older = make(tenant.id, { createdAt: plus(tie, -MINUTE) })
      const tied = [make(tenant.id, { createdAt: tie }), make(tenant.id, { createdAt: tie })]
      const newer = make(tenant.id, { createdAt: plus(tie, MINUTE) })
      for (const row of [older, ...tied, newer]) yield* listing.save(row)
      // Every uuid sorts before "z" and after "" (nothing sorts before it).
      expect(yield* listing.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "z" } })).toEqual([
        ...[...tied].sort(order),
        older
      ])
      expect(yield* listing.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "" } })).toEqual([older])
      expect(yield* listing.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "ünï ✓" } })).toEqual([
        ...[...tied].sort(order),
        older
      ])
    })
  )
}

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
