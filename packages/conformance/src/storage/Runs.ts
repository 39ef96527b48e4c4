import {
  type Approval,
  ApprovalRepository,
  MAX_TAKEOVERS,
  type Run,
  RunRepository,
  type RunStatus,
  type StepLogEntry,
  type StepLogQuery,
  type StepPosition,
  type StepResult,
  type TenantRepository,
  type WorkerIdentity,
  type UnitOfWork,
  messageChannel,
  percentileDisc,
  withTransaction
} from "@servicekit/core"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import {
  allPages,
  at,
  DAY,
  expectDefect,
  insertTenant,
  MINUTE,
  newestFirst,
  oldestFirst,
  plus,
  uuid
} from "./fixtures.js"

const makeRun = (tenantId: string, overrides: Partial<Run> = {}): Run => ({
  id: uuid(),
  tenantId,
  workflowId: uuid(),
  flowId: uuid(),
  revision: 1,
  steps: [{ type: "log", message: "started" }],
  status: "queued",
  attempt: 1,
  trigger: { type: "manual", event: null },
  context: "",
  payload: {},
  parentRunId: null,
  test: false,
  idempotencyKey: null,
  results: [],
  reason: null,
  leaseUntil: null,
  heldBy: null,
  takeovers: [],
  createdAt: at("2026-07-01T09:00:00.000Z"),
  startedAt: null,
  finishedAt: null,
  updatedAt: at("2026-07-01T09:00:00.000Z"),
  ...overrides
})

const makeResult = (index: number, overrides: Partial<StepResult> = {}): StepResult => ({
  index,
  type: "log",
  name: null,
  status: "succeeded",
  output: null,
  outputText: null,
  error: null,
  attempt: 1,
  approved: false,
  worker: null,
  startedAt: at("2026-07-01T09:00:01.000Z"),
  finishedAt: at("2026-07-01T09:00:02.000Z"),
  ...overrides
})

const makeApproval = (tenantId: string, overrides: Partial<Approval> = {}): Approval => ({
  id: uuid(),
  tenantId,
  runId: uuid(),
  workflowId: uuid(),
  stepIndex: 0,
  title: "Send the refund?",
  skillId: null,
  input: null,
  status: "pending",
  note: null,
  expiresAt: at("2026-07-02T09:00:00.000Z"),
  decidedAt: null,
  createdAt: at("2026-07-01T09:00:00.000Z"),
  updatedAt: at("2026-07-01T09:00:00.000Z"),
  ...overrides
})

/** Values at the edges of what JSON carries, and text in many scripts, nested. */
const richJson = {
  numbers: [0, -1, 42, 1.5, 0.1 + 0.2, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER],
  flags: [true, false, null],
  "clé ✓ 東京": "naïve café — 東京 — مرحبا — 👩‍💻🎉",
  escaped: 'she said "hi" \\ \n\ttab \u2028 </script> \u0001',
  // Looks like a time, stays text: only a result's own times come back as dates.
  startedAt: "2026-07-01T09:00:00.000Z",
  nested: { deep: { deeper: [1, [2, { three: 3, "": "empty key" }]] }, empty: {}, none: [] }
}

const runsNewestFirst = newestFirst<Run>((run) => run.createdAt)

/** The processes that claim runs in these tests. */
const workerA: WorkerIdentity = { host: "host-a", pid: 4101, workerId: "worker-a" }
const workerB: WorkerIdentity = { host: "host-b", pid: 4102, workerId: "worker-b" }

/** One run claimed through claimMany (by worker A unless said): the run taken, or None. */
const claimOne = (
  runs: RunRepository["Type"],
  tenantId: string,
  id: string,
  at: Date,
  leaseUntil: Date,
  worker = workerA
) => Effect.map(runs.claimMany([{ tenantId, id }], at, leaseUntil, worker), (taken) => Option.fromNullable(taken[0]))
const approvalsNewestFirst = newestFirst<Approval>((approval) => approval.createdAt)

/** Statuses no worker may claim: the run waits for a person or has ended. */
const UNCLAIMABLE: ReadonlyArray<RunStatus> = ["waiting_approval", "succeeded", "failed", "cancelled", "skipped"]

export const runsSuite: StorageSuite<RunRepository | TenantRepository | UnitOfWork> = {
  name: "automation runs",
  tests: (it) => {
    it.effect("stores a run whole and finds it only within its tenant, its results' times as dates", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const run = makeRun(tenant.id, {
          revision: 2_147_483_647,
          steps: [
            { type: "skill", skill: "http.request", input: { url: "https://example.com/ü?q=1&r=✓" } },
            { type: "approval", title: "Grüße 👋", data: richJson }
          ],
          status: "failed",
          attempt: 2_147_483_647,
          trigger: { type: "event", event: "message.created" },
          context: "Kunde 顧客 — {{payload.name}}\n",
          payload: richJson,
          parentRunId: uuid(),
          idempotencyKey: "hook-Ω-42",
          results: [
            makeResult(0, { type: "skill", name: "Fetch", output: richJson, outputText: "naïve ✓", attempt: 3 }),
            makeResult(1, {
              type: "approval",
              status: "failed",
              output: [1, "two", { three: null }],
              error: "rejected — ✗",
              startedAt: at("2026-07-01T09:00:03.123Z"),
              finishedAt: null
            })
          ],
          reason: "step 2 failed",
          leaseUntil: at("2026-07-01T09:05:00.000Z"),
          startedAt: at("2026-07-01T09:00:00.500Z"),
          finishedAt: at("2026-07-01T09:00:04.000Z"),
          updatedAt: at("2026-07-01T09:00:04.000Z")
        })
        yield* runs.insert(run)
        // Ids and keys are per tenant: another tenant's run with the same id and key is another run.
        const elsewhere = makeRun(other.id, { id: run.id, idempotencyKey: run.idempotencyKey })
        yield* runs.insert(elsewhere)

        const found = yield* runs.find(tenant.id, run.id)
        expect(found).toEqual(Option.some(run))
        const results = Option.getOrThrow(found).results
        expect(results[0].startedAt).toBeInstanceOf(Date)
        expect(results[0].finishedAt).toBeInstanceOf(Date)
        expect(results[1].startedAt.getTime()).toBe(run.results[1].startedAt.getTime())
        expect(results[0].output).toEqual(richJson)
        expect(yield* runs.find(other.id, run.id)).toEqual(Option.some(elsewhere))
        expect(yield* runs.find(uuid(), run.id)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* runs.find("not-a-uuid", run.id)).toEqual(Option.none())
      })
    )

    it.effect("replaces the whole run when inserted again under its id", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const run = makeRun(tenant.id, { idempotencyKey: "again", payload: richJson, results: [makeResult(0)] })
        yield* runs.insert(run)
        const replaced: Run = {
          ...run,
          status: "running",
          payload: { only: 1 },
          results: [],
          leaseUntil: at("2026-07-01T09:10:00.000Z"),
          createdAt: plus(run.createdAt, MINUTE),
          updatedAt: plus(run.updatedAt, MINUTE)
        }
        yield* runs.insert(replaced)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(replaced))
        expect(yield* runs.list(tenant.id, { limit: 10 })).toEqual([replaced])
      })
    )

    it.effect("inserts many runs in one call, each as insert stores it", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        yield* runs.insertMany([])
        const batch = [
          makeRun(tenant.id, { results: [makeResult(0)], payload: { n: 1 } }),
          makeRun(tenant.id, { createdAt: plus(at("2026-07-01T09:00:00.000Z"), MINUTE) }),
          makeRun(other.id, { idempotencyKey: "k" })
        ]
        yield* runs.insertMany(batch)
        for (const run of batch) expect(yield* runs.find(run.tenantId, run.id)).toEqual(Option.some(run))
        expect(yield* runs.find(other.id, batch[0]!.id)).toEqual(Option.none())
        // A run stored again under its id is replaced, as insert does.
        const again = { ...batch[1]!, context: "again" }
        yield* runs.insertMany([again])
        expect(yield* runs.find(tenant.id, again.id)).toEqual(Option.some(again))
        yield* expectDefect(runs.insertMany([makeRun(other.id, { idempotencyKey: "k" })]))
      })
    )

    it.effect("refuses, as a defect, to store a key another run of the tenant holds", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const holder = makeRun(tenant.id, { idempotencyKey: "held" })
        const other = makeRun(tenant.id)
        yield* runs.insert(holder)
        yield* runs.insert(other)
        yield* expectDefect(runs.insert(makeRun(tenant.id, { idempotencyKey: "held" })))
        expect(yield* runs.list(tenant.id, { limit: 10 })).toEqual([holder, other].sort(runsNewestFirst))
        // A key differing only in case is another key.
        yield* runs.insert(makeRun(tenant.id, { idempotencyKey: "HELD" }))
      })
    )

    it.effect("lists newest first (then by id) in keyset pages, of every run or of one workflow or status", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-07-01T00:00:00.000Z")
        const workflows = [uuid(), uuid()]
        const statuses: ReadonlyArray<RunStatus> = ["queued", "running", "succeeded", "failed", "running"]
        // Several share a creation time, so the id decides their order.
        const stored = Array.from({ length: 15 }, (_, i) =>
          makeRun(tenant.id, {
            workflowId: workflows[i % 2],
            status: statuses[i % statuses.length],
            createdAt: plus(base, Math.floor(i / 3) * MINUTE)
          })
        )
        for (const run of stored) yield* runs.insert(run)
        // Another tenant's runs of the same workflow, one with the same id, one newest of all.
        yield* runs.insert(makeRun(other.id, { workflowId: workflows[0], createdAt: plus(base, 2 * MINUTE) }))
        yield* runs.insert(makeRun(other.id, { id: stored[4].id, workflowId: workflows[0], status: "running" }))
        yield* runs.insert(makeRun(other.id, { workflowId: workflows[1], createdAt: plus(base, 9 * MINUTE) }))
        const expected = [...stored].sort(runsNewestFirst)

        expect(yield* runs.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 4, 15]) {
          expect(yield* allPages((after) => runs.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* runs.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        expect(yield* runs.list(tenant.id, { limit: 5, after: expected[expected.length - 1] })).toEqual([])

        const filters = [
          { workflowId: workflows[0] },
          { workflowId: workflows[1] },
          { status: "running" as const },
          { status: "queued" as const },
          { workflowId: workflows[0], status: "running" as const }
        ]
        for (const filter of filters) {
          const matching = expected.filter(
            (run) =>
              (filter.workflowId === undefined || run.workflowId === filter.workflowId) &&
              (filter.status === undefined || run.status === filter.status)
          )
          expect(matching.length).toBeGreaterThan(0)
          expect(yield* runs.list(tenant.id, { limit: 100, ...filter })).toEqual(matching)
          for (const limit of [1, 2]) {
            expect(yield* allPages((after) => runs.list(tenant.id, { limit, after, ...filter }), limit)).toEqual(
              matching
            )
          }
        }
        expect(yield* runs.list(tenant.id, { limit: 100, status: "cancelled" })).toEqual([])
        expect(yield* runs.list(tenant.id, { limit: 100, workflowId: uuid() })).toEqual([])
        expect(yield* runs.list(tenant.id, { limit: 100, workflowId: "not-a-uuid" })).toEqual([])
        expect(yield* runs.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* runs.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("updates a run's progress only from the statuses given, only within its tenant", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const run = makeRun(tenant.id, { status: "failed", reason: "boom", results: [makeResult(0)] })
        const elsewhere = makeRun(other.id, { id: run.id, status: "failed" })
        yield* runs.insert(run)
        yield* runs.insert(elsewhere)

        const retried: Run = {
          ...run,
          status: "queued",
          attempt: 2,
          reason: null,
          results: [makeResult(0, { output: { kept: true } }), makeResult(1, { status: "running", finishedAt: null })],
          finishedAt: null,
          updatedAt: plus(run.updatedAt, MINUTE)
        }
        expect(yield* runs.update(retried, ["succeeded", "cancelled"])).toBe(false)
        expect(yield* runs.update(retried, [])).toBe(false)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(run))
        expect(yield* runs.update({ ...retried, tenantId: uuid() }, ["failed"])).toBe(false)
        expect(yield* runs.update({ ...retried, id: uuid() }, ["failed"])).toBe(false)
        expect(yield* runs.update({ ...retried, id: "not-a-uuid" }, ["failed"])).toBe(false)
        expect(yield* runs.update({ ...retried, tenantId: "not-a-uuid" }, ["failed"])).toBe(false)

        expect(yield* runs.update(retried, ["failed", "cancelled"])).toBe(true)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(retried))
        // What the run was made with stays as it was made.
        const remade = { ...retried, steps: [], context: "changed", payload: { changed: true }, idempotencyKey: "k" }
        expect(yield* runs.update(remade, ["queued"])).toBe(true)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(retried))
        // Now queued: a second writer that read it failed finds it moved on.
        expect(yield* runs.update({ ...retried, status: "cancelled" }, ["failed"])).toBe(false)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(retried))
        expect(yield* runs.find(other.id, run.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("updates a run given a lease only while the stored lease is that one", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const lease = at("2026-07-01T09:05:00.000Z")
        const run = makeRun(tenant.id, {
          status: "running",
          leaseUntil: lease,
          startedAt: at("2026-07-01T09:00:00.000Z")
        })
        yield* runs.insert(run)

        const step: Run = { ...run, results: [makeResult(0)], updatedAt: plus(run.updatedAt, 1_000) }
        expect(yield* runs.update(step, ["running"], plus(lease, 1))).toBe(false)
        expect(yield* runs.update(step, ["running"], plus(lease, -1))).toBe(false)
        expect(yield* runs.update(step, ["running"], null)).toBe(false)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(run))
        // The same time in another Date is the same lease.
        expect(yield* runs.update(step, ["running"], new Date(lease.getTime()))).toBe(true)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(step))

        // The writer gives the lease up with its last write; its next write, still naming the lease, is refused.
        const done: Run = { ...step, status: "succeeded", leaseUntil: null, finishedAt: plus(lease, -MINUTE) }
        expect(yield* runs.update(done, ["running"], lease)).toBe(true)
        expect(yield* runs.update({ ...done, reason: "late" }, ["succeeded"], lease)).toBe(false)
        // A run without a lease matches null, and no lease given means no lease condition.
        expect(yield* runs.update({ ...done, reason: "null lease" }, ["succeeded"], null)).toBe(true)
        expect(yield* runs.update({ ...done, reason: "any lease" }, ["succeeded"])).toBe(true)
        expect(Option.map(yield* runs.find(tenant.id, run.id), (stored) => stored.reason)).toEqual(
          Option.some("any lease")
        )
        // Without a lease condition the stored lease does not matter either.
        const leased = makeRun(tenant.id, { status: "running", leaseUntil: lease })
        yield* runs.insert(leased)
        expect(yield* runs.update({ ...leased, reason: "x" }, ["running"], undefined)).toBe(true)
      })
    )

    it.effect("claims a queued run, a running run whose lease ran out (a takeover), and nothing else", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        // Step 1 was started by worker A (a retried run's leftover, as far as this test goes).
        const queued = makeRun(tenant.id, {
          results: [makeResult(0, { worker: workerB }), makeResult(1, { status: "running", finishedAt: null, worker: workerA })]
        })
        yield* runs.insert(queued)
        const now = at("2026-07-01T09:01:00.000Z")
        const lease = plus(now, MINUTE)

        const claimed: Run = {
          ...queued,
          status: "running",
          leaseUntil: lease,
          heldBy: workerA,
          startedAt: now,
          updatedAt: now
        }
        expect(yield* claimOne(runs, tenant.id, queued.id, now, lease)).toEqual(Option.some(claimed))
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(claimed))
        // Its lease is live (until it has passed, not at its very end): nobody else takes it.
        expect(yield* claimOne(runs, tenant.id, queued.id, now, plus(lease, MINUTE))).toEqual(Option.none())
        expect(yield* claimOne(runs, tenant.id, queued.id, lease, plus(lease, MINUTE))).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(claimed))
        // Its worker died: the next worker takes it over, the first start kept, and the takeover
        // names both processes, the step that was running and when the lease ran out.
        const later = plus(lease, 1)
        const again = plus(later, MINUTE)
        const takenOver: Run = {
          ...claimed,
          leaseUntil: again,
          heldBy: workerB,
          takeovers: [{ at: later, stepIndex: 1, from: workerA, to: workerB, leaseExpiredAt: lease }],
          updatedAt: later
        }
        expect(yield* claimOne(runs, tenant.id, queued.id, later, again, workerB)).toEqual(Option.some(takenOver))
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(takenOver))
        // Taken over again, by A: the takeovers add up.
        const last = plus(again, 1)
        const backToA = Option.getOrThrow(yield* claimOne(runs, tenant.id, queued.id, last, plus(last, MINUTE)))
        expect(backToA.takeovers).toEqual([
          ...takenOver.takeovers,
          { at: last, stepIndex: 1, from: workerB, to: workerA, leaseExpiredAt: again }
        ])
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(backToA))
        // A run that every worker taking it dies on keeps only its newest takeovers.
        let time = plus(last, MINUTE)
        for (let index = 0; index < MAX_TAKEOVERS; index++) {
          const taken = plus(time, 1)
          yield* claimOne(runs, tenant.id, queued.id, taken, plus(taken, MINUTE), index % 2 === 0 ? workerB : workerA)
          time = plus(taken, MINUTE)
        }
        const kept = Option.getOrThrow(yield* runs.find(tenant.id, queued.id)).takeovers
        expect(kept).toHaveLength(MAX_TAKEOVERS)
        expect(kept[0]!.at).toEqual(plus(again, 1 + MINUTE + 1))
        expect(kept[MAX_TAKEOVERS - 1]!.at).toEqual(plus(time, -MINUTE))

        // Running without a lease (or a holder, as a build that did not record it left it): free to take.
        const unleased = makeRun(tenant.id, { status: "running", startedAt: plus(now, -MINUTE) })
        yield* runs.insert(unleased)
        expect(yield* claimOne(runs, tenant.id, unleased.id, now, lease)).toEqual(
          Option.some({
            ...unleased,
            leaseUntil: lease,
            heldBy: workerA,
            takeovers: [{ at: now, stepIndex: null, from: null, to: workerA, leaseExpiredAt: null }],
            updatedAt: now
          })
        )

        for (const status of UNCLAIMABLE) {
          // A lease left behind long ago does not make an ended or waiting run claimable.
          const run = makeRun(tenant.id, { status, leaseUntil: plus(now, -MINUTE) })
          yield* runs.insert(run)
          expect(yield* claimOne(runs, tenant.id, run.id, now, lease)).toEqual(Option.none())
          expect(yield* runs.find(tenant.id, run.id)).toEqual(Option.some(run))
        }

        const elsewhere = makeRun(tenant.id)
        yield* runs.insert(elsewhere)
        expect(yield* claimOne(runs, other.id, elsewhere.id, now, lease)).toEqual(Option.none())
        expect(yield* claimOne(runs, uuid(), elsewhere.id, now, lease)).toEqual(Option.none())
        expect(yield* claimOne(runs, tenant.id, uuid(), now, lease)).toEqual(Option.none())
        expect(yield* claimOne(runs, tenant.id, "not-a-uuid", now, lease)).toEqual(Option.none())
        expect(yield* claimOne(runs, "not-a-uuid", elsewhere.id, now, lease)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, elsewhere.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("takes a run waiting for a node once its time is up, and not before", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const now = at("2026-07-01T09:01:00.000Z")
        const lease = plus(now, MINUTE)
        const waiting = makeRun(tenant.id, { status: "waiting_node", leaseUntil: plus(now, 1_000), startedAt: now })
        const due = makeRun(tenant.id, { status: "waiting_node", leaseUntil: now, startedAt: plus(now, -MINUTE) })
        yield* runs.insertMany([waiting, due])
        expect(yield* claimOne(runs, tenant.id, waiting.id, now, lease)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, waiting.id)).toEqual(Option.some(waiting))
        // Its time is up at `now` itself: the job set for that moment takes it (no takeover: nobody held it).
        const taken = { ...due, status: "running" as const, leaseUntil: lease, heldBy: workerA, updatedAt: now }
        expect(yield* claimOne(runs, tenant.id, due.id, now, lease)).toEqual(Option.some(taken))
        expect(yield* runs.find(tenant.id, due.id)).toEqual(Option.some(taken))
        // A result queues it again: from waiting_node only.
        const woken = { ...waiting, status: "queued" as const, leaseUntil: null, updatedAt: now }
        expect(yield* runs.update(woken, ["waiting_node"])).toBe(true)
        expect(yield* runs.update(woken, ["waiting_node"])).toBe(false)
      })
    )

    it.effect("takes a run waiting for a timer once the wait is over, and not before", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const now = at("2026-07-01T09:01:00.000Z")
        const lease = plus(now, MINUTE)
        const waiting = makeRun(tenant.id, { status: "waiting_timer", leaseUntil: plus(now, 1_000), startedAt: now })
        const over = makeRun(tenant.id, { status: "waiting_timer", leaseUntil: now, startedAt: plus(now, -MINUTE) })
        yield* runs.insertMany([waiting, over])
        expect(yield* claimOne(runs, tenant.id, waiting.id, now, lease)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, waiting.id)).toEqual(Option.some(waiting))
        const taken = { ...over, status: "running" as const, leaseUntil: lease, heldBy: workerA, updatedAt: now }
        expect(yield* claimOne(runs, tenant.id, over.id, now, lease)).toEqual(Option.some(taken))
        // Cancelled while it waits: nothing takes it up any more.
        const cancelled = { ...waiting, status: "cancelled" as const, leaseUntil: null, updatedAt: now }
        expect(yield* runs.update(cancelled, ["waiting_timer"])).toBe(true)
        expect(yield* claimOne(runs, tenant.id, waiting.id, plus(now, MINUTE), lease)).toEqual(Option.none())
      })
    )

    it.effect("gives one of several concurrent claims the run", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const run = makeRun(tenant.id)
        yield* runs.insert(run)
        const now = at("2026-07-01T09:01:00.000Z")
        const claims = yield* Effect.all(
          Array.from({ length: 5 }, (_, i) =>
            withTransaction(claimOne(runs, tenant.id, run.id, now, plus(now, (i + 1) * MINUTE)))
          ),
          { concurrency: "unbounded" }
        )
        const won = claims.filter(Option.isSome)
        expect(won).toHaveLength(1)
        expect(yield* runs.find(tenant.id, run.id)).toEqual(won[0])
      })
    )

    it.effect("claims many runs of several tenants in one call, each free one once, as claim does", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const now = at("2026-07-01T09:01:00.000Z")
        const lease = plus(now, MINUTE)
        const queued = makeRun(tenant.id, { results: [makeResult(0, { output: richJson })] })
        const theirs = makeRun(other.id)
        const stale = makeRun(tenant.id, {
          status: "running",
          leaseUntil: plus(now, -1),
          startedAt: plus(now, -MINUTE)
        })
        const live = makeRun(tenant.id, { status: "running", leaseUntil: lease, startedAt: now })
        const ended = UNCLAIMABLE.map((status) => makeRun(tenant.id, { status, leaseUntil: plus(now, -MINUTE) }))
        yield* runs.insertMany([queued, stale, live, ...ended])
        yield* runs.insert(theirs)

        const claimed = yield* runs.claimMany(
          [
            queued,
            theirs,
            stale,
            live,
            ...ended,
            // Twice, under another tenant, unknown and malformed: taken once or not at all.
            queued,
            { ...theirs, tenantId: tenant.id },
            { tenantId: tenant.id, id: uuid() },
            { tenantId: "not-a-uuid", id: queued.id },
            { tenantId: tenant.id, id: "not-a-uuid" }
          ].map(({ id, tenantId }) => ({ tenantId, id })),
          now,
          lease,
          workerA
        )
        const taken = { status: "running" as const, leaseUntil: lease, heldBy: workerA, updatedAt: now }
        const expected = [
          { ...queued, ...taken, startedAt: now },
          { ...theirs, ...taken, startedAt: now },
          {
            ...stale,
            ...taken,
            takeovers: [{ at: now, stepIndex: null, from: null, to: workerA, leaseExpiredAt: plus(now, -1) }]
          }
        ]
        const byId = (a: Run, b: Run) => (a.id < b.id ? -1 : 1)
        expect([...claimed].sort(byId)).toEqual([...expected].sort(byId))
        for (const run of expected) expect(yield* runs.find(run.tenantId, run.id)).toEqual(Option.some(run))
        for (const run of [live, ...ended]) expect(yield* runs.find(run.tenantId, run.id)).toEqual(Option.some(run))
        expect(yield* runs.claimMany([{ tenantId: tenant.id, id: queued.id }], now, lease, workerB)).toEqual([])
        expect(yield* runs.claimMany([], now, lease, workerB)).toEqual([])
      })
    )

    it.effect("updates many runs in one call, each only from its statuses and under its lease", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const lease = at("2026-07-01T09:05:00.000Z")
        const held = makeRun(tenant.id, { status: "running", leaseUntil: lease, startedAt: plus(lease, -MINUTE) })
        const theirs = makeRun(other.id, { status: "failed", reason: "boom" })
        const lost = makeRun(tenant.id, { status: "running", leaseUntil: plus(lease, MINUTE) })
        const moved = makeRun(tenant.id, { status: "cancelled" })
        yield* runs.insertMany([held, lost, moved])
        yield* runs.insert(theirs)

        const done: Run = {
          ...held,
          status: "succeeded",
          results: [makeResult(0, { output: richJson, outputText: "done" })],
          leaseUntil: null,
          finishedAt: plus(lease, -1_000),
          updatedAt: plus(lease, -1_000)
        }
        const requeued: Run = {
          ...theirs,
          status: "queued",
          attempt: 3,
          reason: null,
          updatedAt: plus(theirs.updatedAt, 1)
        }
        const written = yield* runs.updateMany([
          { run: done, from: ["running"], leaseUntil: new Date(lease.getTime()) },
          { run: { ...lost, status: "succeeded" }, from: ["running"], leaseUntil: lease },
          { run: requeued, from: ["failed", "cancelled"] },
          { run: { ...moved, status: "queued" }, from: ["failed"] },
          { run: { ...held, id: uuid() }, from: ["running"] },
          { run: { ...held, id: "not-a-uuid" }, from: ["running"] },
          { run: { ...moved, reason: "x" }, from: [] }
        ])
        expect(written).toEqual([true, false, true, false, false, false, false])
        expect(yield* runs.find(tenant.id, held.id)).toEqual(Option.some(done))
        expect(yield* runs.find(other.id, theirs.id)).toEqual(Option.some(requeued))
        expect(yield* runs.find(tenant.id, lost.id)).toEqual(Option.some(lost))
        expect(yield* runs.find(tenant.id, moved.id)).toEqual(Option.some(moved))
        expect(yield* runs.updateMany([])).toEqual([])
      })
    )

    it.effect("inserts a keyed run once: a duplicate within the kept window answers the run holding the key", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const first = makeRun(tenant.id, { idempotencyKey: "order-1", payload: richJson, results: [makeResult(0)] })
        const keptSince = plus(first.createdAt, -MINUTE)
        expect(yield* runs.insertKeyed(first, keptSince)).toEqual(first)
        expect(yield* runs.find(tenant.id, first.id)).toEqual(Option.some(first))

        const duplicate = makeRun(tenant.id, { idempotencyKey: "order-1", createdAt: plus(first.createdAt, MINUTE) })
        expect(yield* runs.insertKeyed(duplicate, keptSince)).toEqual(first)
        // Created exactly at the window's start still holds its key.
        expect(yield* runs.insertKeyed(duplicate, first.createdAt)).toEqual(first)
        expect(yield* runs.find(tenant.id, duplicate.id)).toEqual(Option.none())

        // Keys are per tenant, exact, and runs without a key never meet.
        const elsewhere = makeRun(other.id, { idempotencyKey: "order-1" })
        expect(yield* runs.insertKeyed(elsewhere, keptSince)).toEqual(elsewhere)
        const upper = makeRun(tenant.id, { idempotencyKey: "ORDER-1" })
        expect(yield* runs.insertKeyed(upper, keptSince)).toEqual(upper)
        const unkeyed = [makeRun(tenant.id), makeRun(tenant.id)]
        for (const run of unkeyed) expect(yield* runs.insertKeyed(run, keptSince)).toEqual(run)
        expect(yield* runs.list(tenant.id, { limit: 10 })).toEqual([first, upper, ...unkeyed].sort(runsNewestFirst))
        expect(yield* runs.list(other.id, { limit: 10 })).toEqual([elsewhere])
      })
    )

    it.effect("releases an older run's key: a run created before the kept window no longer holds it", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const old = makeRun(tenant.id, { idempotencyKey: "order-2", status: "succeeded" })
        yield* runs.insert(old)
        const fresh = makeRun(tenant.id, {
          idempotencyKey: "order-2",
          createdAt: plus(old.createdAt, 25 * 60 * MINUTE)
        })
        const keptSince = plus(old.createdAt, 1)

        expect(yield* runs.insertKeyed(fresh, keptSince)).toEqual(fresh)
        expect(yield* runs.find(tenant.id, old.id)).toEqual(Option.some({ ...old, idempotencyKey: null }))
        expect(yield* runs.find(tenant.id, fresh.id)).toEqual(Option.some(fresh))
        // The new run holds the key now.
        const later = makeRun(tenant.id, { idempotencyKey: "order-2", createdAt: plus(fresh.createdAt, MINUTE) })
        expect(yield* runs.insertKeyed(later, keptSince)).toEqual(fresh)
        expect(yield* runs.find(tenant.id, later.id)).toEqual(Option.none())
      })
    )

    it.effect("ends concurrent keyed inserts, each in its own unit of work, with one run answered to all", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const createdAt = at("2026-07-01T09:00:00.000Z")
        const keptSince = plus(createdAt, -24 * 60 * MINUTE)
        const candidates = Array.from({ length: 10 }, (_, i) =>
          makeRun(tenant.id, { idempotencyKey: "burst", context: `try ${i}`, createdAt })
        )
        const answers = yield* Effect.all(
          candidates.map((run) => withTransaction(runs.insertKeyed(run, keptSince))),
          { concurrency: 10 }
        )
        const winner = answers[0]
        expect(candidates).toContainEqual(winner)
        for (const answer of answers) expect(answer).toEqual(winner)
        expect(yield* runs.list(tenant.id, { limit: 100 })).toEqual([winner])

        // Again, now that a run older than the window holds the key: it is released once.
        const later = plus(createdAt, 25 * 60 * MINUTE)
        const retries = Array.from({ length: 10 }, (_, i) =>
          makeRun(tenant.id, { idempotencyKey: "burst", context: `retry ${i}`, createdAt: later })
        )
        const second = yield* Effect.all(
          retries.map((run) => withTransaction(runs.insertKeyed(run, plus(later, -24 * 60 * MINUTE)))),
          { concurrency: 10 }
        )
        expect(retries).toContainEqual(second[0])
        for (const answer of second) expect(answer).toEqual(second[0])
        expect(yield* runs.list(tenant.id, { limit: 100 })).toEqual([second[0], { ...winner, idempotencyKey: null }])
      })
    )

    it.effect("counts the tenant's running runs", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        expect(yield* runs.countRunning(tenant.id)).toBe(0)
        const statuses: ReadonlyArray<RunStatus> = ["running", "queued", "running", ...UNCLAIMABLE]
        for (const status of statuses) yield* runs.insert(makeRun(tenant.id, { status }))
        yield* runs.insert(makeRun(other.id, { status: "running" }))
        expect(yield* runs.countRunning(tenant.id)).toBe(2)
        expect(yield* runs.countRunning(other.id)).toBe(1)

        const queued = makeRun(tenant.id)
        yield* runs.insert(queued)
        const now = at("2026-07-01T09:01:00.000Z")
        const claimed = Option.getOrThrow(yield* claimOne(runs, tenant.id, queued.id, now, plus(now, MINUTE)))
        expect(yield* runs.countRunning(tenant.id)).toBe(3)
        expect(yield* runs.update({ ...claimed, status: "succeeded", leaseUntil: null }, ["running"])).toBe(true)
        expect(yield* runs.countRunning(tenant.id)).toBe(2)
        expect(yield* runs.countRunning(uuid())).toBe(0)
        expect(yield* runs.countRunning("not-a-uuid")).toBe(0)
      })
    )

    it.effect(
      "finds running and reserved queued runs whose lease ran out, across tenants, the longest stalled first",
      () =>
        Effect.gen(function* () {
          const runs = yield* RunRepository
          const tenant = yield* insertTenant()
          const other = yield* insertTenant()
          // Far in the past, so that other tests' runs (leased around 2026) are not stalled yet.
          const now = at("1999-06-01T12:00:00.000Z")
          const older = makeRun(tenant.id, { status: "running", leaseUntil: plus(now, -2 * MINUTE) })
          const newer = makeRun(other.id, { status: "running", leaseUntil: plus(now, -MINUTE) })
          const live = makeRun(tenant.id, { status: "running", leaseUntil: plus(now, MINUTE) })
          // Reserved for the process that started it, which died before taking it.
          const reserved = makeRun(tenant.id, { status: "queued", leaseUntil: plus(now, -3 * MINUTE) })
          const stillReserved = makeRun(other.id, { status: "queued", leaseUntil: plus(now, MINUTE) })
          // Queued runs without a lease have their jobs; waiting and ended runs hold no lease.
          const queued = makeRun(tenant.id, { status: "queued" })
          const waiting = makeRun(tenant.id, { status: "waiting_approval", leaseUntil: plus(now, -4 * MINUTE) })
          const ended = makeRun(other.id, { status: "succeeded", leaseUntil: plus(now, -4 * MINUTE) })
          // Waiting for a node: found once its time is up (its lease column), not before.
          const nodeTimeUp = makeRun(other.id, { status: "waiting_node", leaseUntil: plus(now, -5 * MINUTE) })
          const nodeWaiting = makeRun(tenant.id, { status: "waiting_node", leaseUntil: plus(now, MINUTE) })
          // Waiting for a timer: the same (a restart lost the job that was to take it up).
          const timerOver = makeRun(tenant.id, { status: "waiting_timer", leaseUntil: plus(now, -6 * MINUTE) })
          const timerWaiting = makeRun(other.id, { status: "waiting_timer", leaseUntil: plus(now, MINUTE) })
          const all = [
            ...[newer, live, older, reserved, stillReserved, queued, waiting, ended],
            ...[nodeTimeUp, nodeWaiting, timerOver, timerWaiting]
          ]
          for (const run of all) yield* runs.insert(run)
          // Other tests' running runs without a lease may follow (no lease sorts last).
          const mine = new Set(all.map((run) => run.id))
          const stalled = yield* runs.stalled(now, 100)
          const expected = [timerOver.id, nodeTimeUp.id, reserved.id, older.id, newer.id]
          expect(stalled.map((run) => run.id).filter((id) => mine.has(id))).toEqual(expected)
          expect(stalled.slice(0, 5).map((run) => run.id)).toEqual(expected)
          expect((yield* runs.stalled(now, 1)).map((run) => run.id)).toEqual([timerOver.id])
          for (const run of [nodeTimeUp, nodeWaiting, timerOver, timerWaiting]) {
            yield* runs.update({ ...run, status: "cancelled", leaseUntil: null }, [run.status])
          }
          for (const run of [older, newer, live]) {
            yield* runs.update({ ...run, status: "succeeded", leaseUntil: null }, ["running"])
          }
          for (const run of [reserved, stillReserved]) {
            yield* runs.update({ ...run, status: "succeeded", leaseUntil: null }, ["queued"])
          }
        })
    )

    it.effect("counts a tenant's runs created in a time range by status, with start latency percentiles", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const from = at("2026-07-01T00:00:00.000Z")
        const to = at("2026-07-08T00:00:00.000Z")
        // Start latencies in ms, unsorted, with a tie and sub-second values.
        const latencies = [1_000, 3, 250, 90_000, 250, 40, 5]
        const statuses: ReadonlyArray<RunStatus> = [
          "succeeded",
          "succeeded",
          "failed",
          "running",
          "cancelled",
          "waiting_approval",
          "succeeded"
        ]
        const created = (i: number) => plus(from, i * 7 * MINUTE + 1)
        for (const [i, latency] of latencies.entries()) {
          yield* runs.insert(
            makeRun(tenant.id, {
              status: statuses[i],
              createdAt: created(i),
              startedAt: plus(created(i), latency)
            })
          )
        }
        // Never taken: counted, but no latency. The window's edges are included.
        yield* runs.insert(makeRun(tenant.id, { status: "queued", createdAt: from }))
        yield* runs.insert(makeRun(tenant.id, { status: "skipped", createdAt: to, finishedAt: to }))
        // Outside the window, or another tenant's.
        yield* runs.insert(makeRun(tenant.id, { status: "failed", createdAt: plus(from, -1), startedAt: from }))
        yield* runs.insert(makeRun(tenant.id, { status: "failed", createdAt: plus(to, 1), startedAt: plus(to, 2) }))
        yield* runs.insert(makeRun(other.id, { status: "failed", createdAt: plus(from, MINUTE), startedAt: to }))

        // Sorted: 3, 5, 40, 250, 250, 1000, 90000: p50 is the 4th (ceil(3.5)), p95 the 7th (ceil(6.65)).
        expect(yield* runs.statistics(tenant.id, from, to)).toEqual({
          total: 9,
          byStatus: {
            queued: 1,
            running: 1,
            waiting_approval: 1,
            waiting_node: 0,
            waiting_timer: 0,
            succeeded: 3,
            failed: 1,
            cancelled: 1,
            skipped: 1
          },
          startLatencyMs: { samples: 7, p50: 250, p95: 90_000 }
        })
        // One run: both percentiles are its latency. None started: no latency.
        const one = yield* runs.statistics(tenant.id, from, created(0))
        expect(one.total).toBe(2)
        expect(one.startLatencyMs).toEqual({ samples: 1, p50: 1_000, p95: 1_000 })
        expect((yield* runs.statistics(tenant.id, from, from)).startLatencyMs).toBeNull()
        const none = {
          total: 0,
          byStatus: {
            queued: 0,
            running: 0,
            waiting_approval: 0,
            waiting_node: 0,
            waiting_timer: 0,
            succeeded: 0,
            failed: 0,
            cancelled: 0,
            skipped: 0
          },
          startLatencyMs: null
        }
        expect(yield* runs.statistics(tenant.id, plus(to, 2), plus(to, MINUTE))).toEqual(none)
        expect(yield* runs.statistics(uuid(), from, to)).toEqual(none)
        expect(yield* runs.statistics("not-a-uuid", from, to)).toEqual(none)
      })
    )

    it.effect("takes the discrete percentile of twenty latencies as percentile_disc does", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const from = at("2026-07-01T00:00:00.000Z")
        // 20 latencies: 0.95 × 20 is exactly 19, so p95 is the 19th smallest, not the 20th; p50 the 10th.
        const latencies = Array.from({ length: 20 }, (_, i) => (i + 1) * 100).reverse()
        for (const [i, latency] of latencies.entries()) {
          const createdAt = plus(from, i * MINUTE)
          yield* runs.insert(
            makeRun(tenant.id, { status: "succeeded", createdAt, startedAt: plus(createdAt, latency) })
          )
        }
        expect((yield* runs.statistics(tenant.id, from, plus(from, DAY))).startLatencyMs).toEqual({
          samples: 20,
          p50: 1_000,
          p95: 1_900
        })
        expect(percentileDisc([100, 200, 300, 400], 0.5)).toBe(200)
        expect(percentileDisc([100, 200, 300, 400], 0)).toBe(100)
        expect(percentileDisc([100, 200, 300, 400], 1)).toBe(400)
      })
    )

    it.effect("pages the runs' step results newest run first, last step first, each with its step", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-07-01T09:00:00.000Z")
        const workflows = [uuid(), uuid()]
        const steps = [
          { type: "log", message: "hello" },
          { type: "skill", skillId: "email.send", input: { to: ["ada@example.com"], subject: "Hi", text: "x" } },
          { type: "skill", skillId: "webhook.deliver", input: { url: "https://partner.example/x" } },
          { type: "deliver", channelId: "support", content: "Bonjour ✓" },
          { type: "skill", skillId: "chat.post_message", input: { channelId: uuid(), content: "hi" } },
          { type: "skill", skillId: "memory.write", input: { key: "k", value: 1 } }
        ]
        const results = [
          makeResult(0, { outputText: "hello" }),
          makeResult(1, { type: "skill", output: { messages: [{ id: "m", to: "ada@example.com" }] } }),
          makeResult(2, { type: "skill", status: "failed", error: "The partner answered HTTP 500." }),
          makeResult(3, { type: "deliver", outputText: "Bonjour ✓" }),
          makeResult(4, { type: "skill", status: "waiting_approval", finishedAt: null }),
          makeResult(5, { type: "skill", output: { key: "k", value: 1 } })
        ]
        // Four share a creation time, so the id decides their order; one has no results yet, one a
        // result past its steps, and one its results stored out of order.
        const stored = [
          makeRun(tenant.id, { workflowId: workflows[0], steps, results, createdAt: base }),
          makeRun(tenant.id, { workflowId: workflows[1], steps, results: results.slice(0, 3), createdAt: base }),
          makeRun(tenant.id, { workflowId: workflows[0], steps, results: [], createdAt: base }),
          makeRun(tenant.id, {
            workflowId: workflows[1],
            steps: steps.slice(0, 1),
            results: [results[1], results[0]],
            createdAt: base
          }),
          makeRun(tenant.id, {
            workflowId: workflows[1],
            steps,
            results: results.slice(1, 5),
            createdAt: plus(base, MINUTE)
          }),
          makeRun(tenant.id, {
            workflowId: workflows[0],
            steps,
            results: results.slice(3),
            createdAt: plus(base, -MINUTE)
          })
        ]
        for (const run of stored) yield* runs.insert(run)
        yield* runs.insert(makeRun(other.id, { id: stored[0].id, steps, results, createdAt: plus(base, 2 * MINUTE) }))

        const entriesOf = (run: Run) =>
          [...run.results]
            .sort((a, b) => b.index - a.index)
            .map((result) => ({
              runId: run.id,
              workflowId: run.workflowId,
              runCreatedAt: run.createdAt,
              result,
              step: run.steps[result.index] ?? null
            }))
        const everything = [...stored].sort(runsNewestFirst).flatMap(entriesOf)
        const positionOf = (entry: StepLogEntry): StepPosition => ({
          createdAt: entry.runCreatedAt,
          runId: entry.runId,
          index: entry.result.index
        })
        /** Every page from the start, going on after a full page's last entry, else where reading stopped. */
        const allSteps = (query: Omit<StepLogQuery, "after">) =>
          Effect.gen(function* () {
            const seen: Array<StepLogEntry> = []
            let after: StepPosition | undefined
            for (let pages = 0; pages < 100; pages++) {
              const page = yield* runs.stepLog(tenant.id, { ...query, after })
              expect(page.entries.length).toBeLessThanOrEqual(query.limit)
              expect(new Set(page.entries.map((entry) => entry.runId)).size).toBeLessThanOrEqual(query.maxRuns)
              seen.push(...page.entries)
              const last = page.entries.at(-1)
              if (page.entries.length === query.limit && last !== undefined) after = positionOf(last)
              else if (page.readTo !== null) after = page.readTo
              else return seen
            }
            throw new Error("paging did not end")
          })

        expect((yield* runs.stepLog(tenant.id, { limit: 100, maxRuns: 100 })).entries).toEqual(everything)
        expect(yield* runs.stepLog(tenant.id, { limit: 100, maxRuns: 100 })).toMatchObject({ readTo: null })
        expect(everything[0].step).toEqual(steps[4])
        for (const [limit, maxRuns] of [
          [1, 100],
          [2, 1],
          [3, 2],
          [5, 6],
          [100, 3]
        ]) {
          expect(yield* allSteps({ limit, maxRuns })).toEqual(everything)
        }
        // Reading stops at maxRuns runs, and says where.
        const newest = [...stored].sort(runsNewestFirst)
        expect(yield* runs.stepLog(tenant.id, { limit: 100, maxRuns: 2 })).toEqual({
          entries: [...entriesOf(newest[0]), ...entriesOf(newest[1])],
          readTo: { createdAt: newest[1].createdAt, runId: newest[1].id, index: 0 }
        })
        // From inside a run: its earlier steps, then the older runs; from its step 0: the older runs.
        const stepOf = (index: number) =>
          everything.findIndex((entry) => entry.runId === stored[0].id && entry.result.index === index)
        const inside = { createdAt: stored[0].createdAt, runId: stored[0].id, index: 3 }
        expect((yield* runs.stepLog(tenant.id, { limit: 100, maxRuns: 100, after: inside })).entries).toEqual(
          everything.slice(stepOf(3) + 1)
        )
        expect(
          (yield* runs.stepLog(tenant.id, { limit: 100, maxRuns: 100, after: { ...inside, index: 0 } })).entries
        ).toEqual(everything.slice(stepOf(0) + 1))

        const filters: ReadonlyArray<Omit<StepLogQuery, "limit" | "maxRuns">> = [
          { runId: stored[0].id },
          { workflowId: workflows[1] },
          { status: "failed" },
          { status: "waiting_approval", workflowId: workflows[1] },
          { messages: true },
          { messages: true, workflowId: workflows[0] }
        ]
        const messageSkills = ["email.send", "chat.post_message", "channel.deliver", "webhook.deliver"]
        for (const filter of filters) {
          const matching = everything.filter(
            ({ result, runId, step, workflowId }) =>
              (filter.runId === undefined || runId === filter.runId) &&
              (filter.workflowId === undefined || workflowId === filter.workflowId) &&
              (filter.status === undefined || result.status === filter.status) &&
              (!filter.messages ||
                (result.status === "succeeded" &&
                  (result.type === "deliver" ||
                    (result.type === "skill" && messageSkills.includes(String(step?.skillId))))))
          )
          expect(matching.length).toBeGreaterThan(0)
          expect((yield* runs.stepLog(tenant.id, { limit: 100, maxRuns: 100, ...filter })).entries).toEqual(matching)
          for (const [limit, maxRuns] of [
            [1, 1],
            [2, 2]
          ]) {
            expect(yield* allSteps({ limit, maxRuns, ...filter })).toEqual(matching)
          }
        }
        // Messages: the email, the deliver step; not the failed webhook, the waiting chat post or memory.
        expect(
          (yield* runs.stepLog(tenant.id, {
            limit: 100,
            maxRuns: 100,
            messages: true,
            runId: stored[0].id
          })).entries.map((entry) => [entry.result.index, messageChannel(entry.result, entry.step)])
        ).toEqual([
          [3, "channel"],
          [1, "email"]
        ])

        const none = { entries: [], readTo: null }
        expect(yield* runs.stepLog(tenant.id, { limit: 10, maxRuns: 10, runId: uuid() })).toEqual(none)
        expect(yield* runs.stepLog(tenant.id, { limit: 10, maxRuns: 10, runId: "not-a-uuid" })).toEqual(none)
        expect(yield* runs.stepLog(tenant.id, { limit: 10, maxRuns: 10, workflowId: "not-a-uuid" })).toEqual(none)
        expect(
          yield* runs.stepLog(tenant.id, { limit: 10, maxRuns: 10, after: { ...inside, runId: "not-a-uuid" } })
        ).toEqual(none)
        expect(yield* runs.stepLog(uuid(), { limit: 10, maxRuns: 10 })).toEqual(none)
        expect(yield* runs.stepLog("not-a-uuid", { limit: 10, maxRuns: 10 })).toEqual(none)
        expect((yield* runs.stepLog(other.id, { limit: 100, maxRuns: 100 })).entries).toHaveLength(results.length)
      })
    )
  }
}

export const approvalsSuite: StorageSuite<ApprovalRepository | TenantRepository | UnitOfWork> = {
  name: "automation approvals",
  tests: (it) => {
    it.effect("stores an approval whole, replaces it when inserted again, and finds it only within its tenant", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const approval = makeApproval(tenant.id, {
          stepIndex: 2_147_483_647,
          title: "Rückerstattung 💶 — 返金?",
          skillId: "http.request",
          input: { url: "https://partner.example/ü?q=1", body: richJson },
          status: "rejected",
          note: "Nein — 東京 ✗",
          decidedAt: at("2026-07-01T10:00:00.000Z"),
          updatedAt: at("2026-07-01T10:00:00.000Z")
        })
        const elsewhere = makeApproval(other.id, { id: approval.id })
        yield* approvals.insert(approval)
        yield* approvals.insert(elsewhere)
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.some(approval))
        expect(yield* approvals.find(other.id, approval.id)).toEqual(Option.some(elsewhere))
        expect(yield* approvals.find(uuid(), approval.id)).toEqual(Option.none())
        expect(yield* approvals.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* approvals.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* approvals.find("not-a-uuid", approval.id)).toEqual(Option.none())

        const replaced: Approval = { ...approval, status: "pending", skillId: null, note: null, decidedAt: null }
        yield* approvals.insert(replaced)
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.some(replaced))
        expect(yield* approvals.list(tenant.id, { limit: 10 })).toEqual([replaced])
      })
    )

    it.effect("lists newest first (then by id) in keyset pages, of every status or of one", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-07-01T00:00:00.000Z")
        const statuses = ["pending", "approved", "pending", "rejected", "expired"] as const
        const stored = Array.from({ length: 12 }, (_, i) =>
          makeApproval(tenant.id, {
            status: statuses[i % statuses.length],
            createdAt: plus(base, Math.floor(i / 3) * MINUTE)
          })
        )
        for (const approval of stored) yield* approvals.insert(approval)
        yield* approvals.insert(makeApproval(other.id, { createdAt: plus(base, MINUTE) }))
        yield* approvals.insert(makeApproval(other.id, { id: stored[0].id }))
        const expected = [...stored].sort(approvalsNewestFirst)

        expect(yield* approvals.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 5, 12]) {
          expect(yield* allPages((after) => approvals.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* approvals.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        for (const status of ["pending", "approved", "rejected", "expired"] as const) {
          const matching = expected.filter((approval) => approval.status === status)
          expect(yield* approvals.list(tenant.id, { limit: 100, status })).toEqual(matching)
          expect(yield* allPages((after) => approvals.list(tenant.id, { limit: 1, after, status }), 1)).toEqual(
            matching
          )
        }
        expect(yield* approvals.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* approvals.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("decides a pending approval once; a second decision finds it decided", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const approval = makeApproval(tenant.id)
        const elsewhere = makeApproval(other.id, { id: approval.id })
        yield* approvals.insert(approval)
        yield* approvals.insert(elsewhere)
        const decidedAt = at("2026-07-01T09:30:00.000Z")
        const decision = { status: "approved" as const, note: "Go ahead ✓", at: decidedAt }

        expect(yield* approvals.decide(uuid(), approval.id, decision)).toEqual(Option.none())
        expect(yield* approvals.decide(tenant.id, uuid(), decision)).toEqual(Option.none())
        expect(yield* approvals.decide(tenant.id, "not-a-uuid", decision)).toEqual(Option.none())
        expect(yield* approvals.decide("not-a-uuid", approval.id, decision)).toEqual(Option.none())

        const decided: Approval = {
          ...approval,
          status: "approved",
          note: "Go ahead ✓",
          decidedAt,
          updatedAt: decidedAt
        }
        expect(yield* approvals.decide(tenant.id, approval.id, decision)).toEqual(Option.some(decided))
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.some(decided))
        expect(
          yield* approvals.decide(tenant.id, approval.id, {
            status: "rejected",
            note: null,
            at: plus(decidedAt, MINUTE)
          })
        ).toEqual(Option.none())
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.some(decided))
        // The other tenant's approval with the same id is still pending, and decided on its own.
        expect(yield* approvals.find(other.id, approval.id)).toEqual(Option.some(elsewhere))
        const expired = { status: "expired" as const, note: null, at: decidedAt }
        expect(yield* approvals.decide(other.id, approval.id, expired)).toEqual(
          Option.some({ ...elsewhere, status: "expired", decidedAt, updatedAt: decidedAt })
        )

        for (const status of ["approved", "rejected", "expired"] as const) {
          const done = makeApproval(tenant.id, { status, decidedAt })
          yield* approvals.insert(done)
          expect(yield* approvals.decide(tenant.id, done.id, decision)).toEqual(Option.none())
          expect(yield* approvals.find(tenant.id, done.id)).toEqual(Option.some(done))
        }
      })
    )

    it.effect("gives one of several concurrent decisions the approval", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const approval = makeApproval(tenant.id)
        yield* approvals.insert(approval)
        const decisions = yield* Effect.all(
          Array.from({ length: 5 }, (_, i) =>
            withTransaction(
              approvals.decide(tenant.id, approval.id, {
                status: i % 2 === 0 ? "approved" : "rejected",
                note: `decision ${i}`,
                at: plus(approval.createdAt, i * MINUTE)
              })
            )
          ),
          { concurrency: "unbounded" }
        )
        const won = decisions.filter(Option.isSome)
        expect(won).toHaveLength(1)
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(won[0])
      })
    )

    it.effect("answers every tenant's pending approvals that expired, the oldest first, up to a limit", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const first = yield* insertTenant()
        const second = yield* insertTenant()
        // Long before every other test's approvals, so that this test sees only its own.
        const base = at("2001-01-01T00:00:00.000Z")
        const pending = (tenantId: string, minutes: number) =>
          makeApproval(tenantId, { expiresAt: plus(base, minutes * MINUTE), createdAt: plus(base, -MINUTE) })
        const expiring = [
          pending(first.id, 3),
          pending(second.id, 1),
          pending(first.id, 0),
          pending(second.id, 2),
          // Two expire at once: the id orders them.
          pending(first.id, 2)
        ]
        const notExpired = [
          // Expiring exactly at the time asked is not expired yet.
          pending(second.id, 5),
          pending(first.id, 6),
          makeApproval(first.id, { status: "approved", expiresAt: plus(base, -MINUTE), decidedAt: base }),
          makeApproval(second.id, { status: "expired", expiresAt: plus(base, -MINUTE), decidedAt: base })
        ]
        for (const approval of [...expiring, ...notExpired]) yield* approvals.insert(approval)
        const now = plus(base, 5 * MINUTE)
        const expected = [...expiring].sort(oldestFirst<Approval>((approval) => approval.expiresAt))

        expect(yield* approvals.expired(now, 100)).toEqual(expected)
        expect(yield* approvals.expired(now, 2)).toEqual(expected.slice(0, 2))
        expect(yield* approvals.expired(base, 100)).toEqual([])
        expect(yield* approvals.expired(plus(base, 2 * MINUTE + 1), 100)).toEqual(
          expected.filter((approval) => approval.expiresAt <= plus(base, 2 * MINUTE))
        )
        // A decided approval leaves the list.
        const decided = expected[0]
        yield* approvals.decide(decided.tenantId, decided.id, { status: "expired", note: null, at: now })
        expect(yield* approvals.expired(now, 100)).toEqual(expected.slice(1))

        for (const approval of [...expiring, ...notExpired]) {
          yield* approvals.decide(approval.tenantId, approval.id, { status: "expired", note: null, at: now })
        }
        expect(yield* approvals.expired(plus(now, 60 * MINUTE), 100)).toEqual([])
      })
    )

    it.effect("cancels a run's pending approvals, and only that run's pending ones in its tenant", () =>
      Effect.gen(function* () {
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const runId = uuid()
        const pending = [makeApproval(tenant.id, { runId }), makeApproval(tenant.id, { runId, stepIndex: 2 })]
        const decided = makeApproval(tenant.id, { runId, status: "approved", decidedAt: at("2026-07-01T09:10:00.000Z") })
        const untouched = [decided, makeApproval(tenant.id), makeApproval(other.id, { runId })]
        for (const approval of [...pending, ...untouched]) yield* approvals.insert(approval)
        const now = at("2026-07-01T10:00:00.000Z")

        expect(yield* approvals.cancelPending(other.id, uuid(), now)).toBe(0)
        expect(yield* approvals.cancelPending("not-a-uuid", runId, now)).toBe(0)
        expect(yield* approvals.cancelPending(tenant.id, runId, now)).toBe(2)
        for (const approval of pending) {
          expect(yield* approvals.find(tenant.id, approval.id)).toEqual(
            Option.some({ ...approval, status: "cancelled", decidedAt: now, updatedAt: now })
          )
          // A cancelled approval is decided: a later decision finds it so.
          const late = { status: "approved" as const, note: null, at: now }
          expect(yield* approvals.decide(tenant.id, approval.id, late)).toEqual(Option.none())
        }
        for (const approval of untouched) {
          expect(yield* approvals.find(approval.tenantId, approval.id)).toEqual(Option.some(approval))
        }
        expect(yield* approvals.cancelPending(tenant.id, runId, now)).toBe(0)
      })
    )
  }
}

export const runsRollbackSuite: StorageSuite<RunRepository | ApprovalRepository | TenantRepository | UnitOfWork> = {
  name: "automation runs' units of work",
  tests: (it) => {
    it.effect("rolls back a failed unit's runs, key release, claim, update and approvals together", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const approvals = yield* ApprovalRepository
        const tenant = yield* insertTenant()
        const queued = makeRun(tenant.id)
        const old = makeRun(tenant.id, { idempotencyKey: "rollback", status: "succeeded" })
        const pending = makeApproval(tenant.id, { runId: queued.id })
        yield* runs.insert(queued)
        yield* runs.insert(old)
        yield* approvals.insert(pending)
        const now = plus(old.createdAt, 25 * 60 * MINUTE)
        const fresh = makeRun(tenant.id)
        const keyed = makeRun(tenant.id, { idempotencyKey: "rollback", createdAt: now })
        const approval = makeApproval(tenant.id, { runId: fresh.id })

        const write = Effect.gen(function* () {
          yield* runs.insert(fresh)
          expect(yield* runs.insertKeyed(keyed, plus(now, -24 * 60 * MINUTE))).toEqual(keyed)
          const claimed = Option.getOrThrow(yield* claimOne(runs, tenant.id, queued.id, now, plus(now, MINUTE)))
          expect(yield* runs.update({ ...claimed, status: "waiting_approval" }, ["running"], claimed.leaseUntil)).toBe(
            true
          )
          yield* approvals.insert(approval)
          expect(
            Option.isSome(yield* approvals.decide(tenant.id, pending.id, { status: "approved", note: null, at: now }))
          ).toBe(true)
          expect(yield* runs.countRunning(tenant.id)).toBe(0)
        })
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")

        expect(yield* runs.find(tenant.id, fresh.id)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, keyed.id)).toEqual(Option.none())
        expect(yield* runs.find(tenant.id, old.id)).toEqual(Option.some(old))
        expect(yield* runs.find(tenant.id, queued.id)).toEqual(Option.some(queued))
        expect(yield* approvals.find(tenant.id, approval.id)).toEqual(Option.none())
        expect(yield* approvals.find(tenant.id, pending.id)).toEqual(Option.some(pending))
        // The old run still holds its key: a duplicate within its window answers it.
        expect(yield* runs.insertKeyed(makeRun(tenant.id, { idempotencyKey: "rollback" }), old.createdAt)).toEqual(old)

        // The same writes commit together.
        yield* withTransaction(write)
        expect(yield* runs.find(tenant.id, keyed.id)).toEqual(Option.some(keyed))
        expect(Option.map(yield* runs.find(tenant.id, queued.id), (run) => run.status)).toEqual(
          Option.some("waiting_approval")
        )
        expect(Option.map(yield* approvals.find(tenant.id, pending.id), (found) => found.status)).toEqual(
          Option.some("approved")
        )
      })
    )
  }
}
