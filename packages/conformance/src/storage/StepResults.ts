import type { Run } from "@servicekit/core/automations"
import { RunRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"
import { claimOne, makeResult, makeRun, richJson, workerA } from "./runFixtures.js"

const resultsOf = (runs: RunRepository["Type"], run: Run) =>
  Effect.map(runs.find(run.tenantId, run.id), (found) => Option.getOrThrow(found).results)

/** A run's step results written step by step: a write stores the results of the steps it names, and only when it is written. */
export const stepResultsSuite: StorageSuite<RunRepository | TenantRepository> = {
  name: "automation step results",
  tests: (it) => {
    it.effect("writes only the results of the steps a write names; a named step without a result loses its stored one", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const lease = at("2026-07-01T09:05:00.000Z")
        const first = makeResult(0, { output: { first: true } })
        const second = makeResult(1, { type: "skill", approved: true, worker: workerA })
        const third = makeResult(2, { status: "running", finishedAt: null })
        const run = makeRun(tenant.id, { status: "running", leaseUntil: lease, results: [first, second, third] })
        yield* runs.insert(run)

        // The writer's copy differs at steps 0 and 1, but it names only 2 and 3: 0 and 1 stay as stored.
        const thirdDone = { ...third, status: "succeeded" as const, output: richJson, finishedAt: plus(lease, -1_000) }
        const fourth = makeResult(3, { outputText: "four", attempt: 2 })
        const next: Run = { ...run, results: [{ ...first, output: "changed" }, thirdDone, fourth], updatedAt: plus(lease, -1) }
        expect(yield* runs.update(next, ["running"], lease, [2, 3])).toBe(true)
        expect(yield* resultsOf(runs, run)).toEqual([first, second, thirdDone, fourth])

        // Naming a step the run has no result at removes its stored one; naming none writes no result.
        expect(yield* runs.update(next, ["running"], lease, [1])).toBe(true)
        expect(yield* resultsOf(runs, run)).toEqual([first, thirdDone, fourth])
        expect(yield* runs.update({ ...next, results: [], reason: "none named" }, ["running"], lease, [])).toBe(true)
        const stored = Option.getOrThrow(yield* runs.find(tenant.id, run.id))
        expect(stored.reason).toBe("none named")
        expect(stored.results).toEqual([first, thirdDone, fourth])

        // Naming no steps at all stores the run's results whole, as they are.
        expect(yield* runs.update({ ...next, results: [second] }, ["running"], lease)).toBe(true)
        expect(yield* resultsOf(runs, run)).toEqual([second])
      })
    )

    it.effect("writes no result of a write that is refused, and none of another tenant's run with the same id", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const lease = at("2026-07-01T09:05:00.000Z")
        const run = makeRun(tenant.id, { status: "running", leaseUntil: lease, results: [makeResult(0)] })
        const twin = makeRun(other.id, { id: run.id, status: "running", leaseUntil: lease, results: [makeResult(0)] })
        yield* runs.insertMany([run, twin])

        const changed: Run = { ...run, results: [makeResult(0, { error: "late" }), makeResult(1)] }
        expect(yield* runs.update(changed, ["running"], plus(lease, MINUTE), [0, 1])).toBe(false)
        expect(yield* runs.update(changed, ["queued"], lease, [0, 1])).toBe(false)
        expect(yield* runs.updateMany([{ run: changed, from: ["running"], leaseUntil: null, steps: [0, 1] }])).toEqual([
          false
        ])
        expect(yield* resultsOf(runs, run)).toEqual(run.results)

        // Of many writes, only those written store their results.
        const written = yield* runs.updateMany([
          { run: { ...twin, results: [makeResult(0, { output: { twin: true } })] }, from: ["running"], steps: [0] },
          { run: changed, from: ["failed"], steps: [0, 1] }
        ])
        expect(written).toEqual([true, false])
        expect(yield* resultsOf(runs, run)).toEqual(run.results)
        expect(yield* resultsOf(runs, twin)).toEqual([makeResult(0, { output: { twin: true } })])
      })
    )

    it.effect("claims a run with its results; one written step by step reads back in step order", () =>
      Effect.gen(function* () {
        const runs = yield* RunRepository
        const tenant = yield* insertTenant()
        const now = at("2026-07-01T09:10:00.000Z")
        const run = makeRun(tenant.id, { id: uuid() })
        yield* runs.insert(run)
        const taken = Option.getOrThrow(yield* claimOne(runs, tenant.id, run.id, now, plus(now, MINUTE)))
        expect(taken.results).toEqual([])
        // Written out of order, read back by index.
        for (const index of [2, 0, 1]) {
          const next: Run = { ...taken, results: [makeResult(index, { attempt: index + 1 })] }
          expect(yield* runs.update(next, ["running"], taken.leaseUntil, [index])).toBe(true)
        }
        const expected = [0, 1, 2].map((index) => makeResult(index, { attempt: index + 1 }))
        expect(yield* resultsOf(runs, run)).toEqual(expected)
        expect((yield* runs.list(tenant.id, { limit: 10 }))[0]?.results).toEqual(expected)
        // Its lease run out, another worker takes it over with its results.
        const later = plus(now, 2 * MINUTE)
        const again = Option.getOrThrow(yield* claimOne(runs, tenant.id, run.id, later, plus(later, MINUTE)))
        expect(again.results).toEqual(expected)
      })
    )
  }
}
