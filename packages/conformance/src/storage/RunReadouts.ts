import type { Run, RunStatus } from "@servicekit/core/automations"
import {
  type MessageChannel,
  RunRepository,
  type StepLogEntry,
  type StepLogQuery,
  type StepPosition,
  type TenantRepository,
  type UnitOfWork,
  messageChannel,
  percentileDisc
} from "@servicekit/core/internal"
import { Effect } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, DAY, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"

import { makeRun, makeResult, runsNewestFirst } from "./runFixtures.js"

/** The skills whose succeeded steps are messages, by channel, as the built-in skills declare them. */
const channels = new Map<string, MessageChannel>([
  ["email.send", "email"],
  ["chat.post_message", "chat"],
  ["channel.deliver", "channel"],
  ["webhook.deliver", "webhook"]
])
const messageSkills = [...channels.keys()]

export const runReadoutsSuite: StorageSuite<RunRepository | TenantRepository | UnitOfWork> = {
  name: "automation runs' readouts",
  tests: (it) => {
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
        // Never started: counted, but no latency. The window's edges are included.
        yield* runs.insert(makeRun(tenant.id, { status: "queued", createdAt: from }))
        yield* runs.insert(makeRun(tenant.id, { status: "skipped", createdAt: to, finishedAt: to }))
        yield* runs.insert(
          makeRun(tenant.id, {
            status: "expired",
            createdAt: created(3),
            expiresAt: created(4),
            finishedAt: created(5)
          })
        )
        // Outside the window, or another tenant's.
        yield* runs.insert(makeRun(tenant.id, { status: "failed", createdAt: plus(from, -1), startedAt: from }))
        yield* runs.insert(makeRun(tenant.id, { status: "failed", createdAt: plus(to, 1), startedAt: plus(to, 2) }))
        yield* runs.insert(makeRun(other.id, { status: "failed", createdAt: plus(from, MINUTE), startedAt: to }))

        // Sorted: 3, 5, 40, 250, 250, 1000, 90000: p50 is the 4th (ceil(3.5)), p95 the 7th (ceil(6.65)).
        expect(yield* runs.statistics(tenant.id, from, to)).toEqual({
          total: 10,
          byStatus: {
            queued: 1,
            running: 1,
            waiting_approval: 1,
            waiting_node: 0,
            waiting_timer: 0,
            succeeded: 3,
            failed: 1,
            cancelled: 1,
            expired: 1,
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
            expired: 0,
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
          { messageSkills },
          { messageSkills, workflowId: workflows[0] }
        ]
        for (const filter of filters) {
          const matching = everything.filter(
            ({ result, runId, step, workflowId }) =>
              (filter.runId === undefined || runId === filter.runId) &&
              (filter.workflowId === undefined || workflowId === filter.workflowId) &&
              (filter.status === undefined || result.status === filter.status) &&
              (filter.messageSkills === undefined ||
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
            messageSkills,
            runId: stored[0].id
          })).entries.map((entry) => [entry.result.index, messageChannel(entry.result, entry.step, channels)])
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
