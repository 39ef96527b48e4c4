import type { AgentTurn } from "@servicekit/core/automations"
import { type AgentStepKey, AgentTurnRepository, type TenantRepository, type UnitOfWork, withTransaction } from "@servicekit/core/internal"
import { Effect } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { insertTenant, uuid } from "./fixtures.js"
import { richJson } from "./runFixtures.js"

const makeTurn = (turn: number, overrides: Partial<AgentTurn> = {}): AgentTurn => ({
  turn,
  label: "fast",
  ms: 12,
  attempts: [{ label: "fast", outcome: "ok", ms: 12 }],
  reply: `TOOL_CALL:log.write|{"message":"turn ${turn}"}`,
  call: { skillId: "log.write", input: { message: `turn ${turn}` } },
  verdict: "allowed",
  feedback: null,
  ...overrides
})

export const agentTurnsSuite: StorageSuite<AgentTurnRepository | TenantRepository | UnitOfWork> = {
  name: "automation agent turns",
  tests: (it) => {
    it.effect("stores turns whole by number, replaces a turn saved again, and lists a step's by number", () =>
      Effect.gen(function* () {
        const turns = yield* AgentTurnRepository
        const tenant = yield* insertTenant()
        const key: AgentStepKey = { tenantId: tenant.id, runId: uuid(), stepIndex: 2, runAttempt: 1 }
        const rich = makeTurn(2, {
          reply: "FINAL:Grüße — 東京 💶",
          call: { skillId: "webhook.deliver", input: { body: richJson } },
          verdict: "approval",
          approvalId: uuid()
        })
        yield* turns.saveMany([makeTurn(3), rich, makeTurn(1)].map((turn) => ({ key, turn })))
        expect(yield* turns.list(key)).toEqual([makeTurn(1), rich, makeTurn(3)])
        const decided = { ...rich, verdict: "approved" as const, feedback: "TOOL_RESULT:webhook.deliver|ok" }
        yield* turns.saveMany([{ key, turn: decided }])
        yield* turns.saveMany([])
        expect(yield* turns.list(key)).toEqual([makeTurn(1), decided, makeTurn(3)])
      })
    )

    it.effect("keeps each step, run try, run and tenant apart", () =>
      Effect.gen(function* () {
        const turns = yield* AgentTurnRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const key: AgentStepKey = { tenantId: tenant.id, runId: uuid(), stepIndex: 0, runAttempt: 1 }
        const elsewhere: ReadonlyArray<AgentStepKey> = [
          { ...key, stepIndex: 1 },
          { ...key, runAttempt: 2 },
          { ...key, runId: uuid() },
          { ...key, tenantId: other.id }
        ]
        // One statement for turns of several steps, runs and tenants.
        yield* turns.saveMany([
          { key, turn: makeTurn(1) },
          ...elsewhere.map((each, i) => ({ key: each, turn: makeTurn(1, { reply: `other ${i}` }) }))
        ])
        expect(yield* turns.list(key)).toEqual([makeTurn(1)])
        for (const [i, each] of elsewhere.entries()) {
          expect(yield* turns.list(each)).toEqual([makeTurn(1, { reply: `other ${i}` })])
        }
        expect(yield* turns.list({ ...key, runId: "not-a-uuid" })).toEqual([])
        expect(yield* turns.list({ ...key, tenantId: "not-a-uuid" })).toEqual([])
      })
    )

    it.effect("answers the turns of a page of runs in their current tries, by run, step and number", () =>
      Effect.gen(function* () {
        const turns = yield* AgentTurnRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const [first, second, absent] = [uuid(), uuid(), uuid()].sort()
        const save = (runId: string, runAttempt: number, stepIndex: number, turn: number) =>
          turns.saveMany([{ key: { tenantId: tenant.id, runId, runAttempt, stepIndex }, turn: makeTurn(turn) }])
        yield* save(second, 2, 0, 1)
        yield* save(first, 1, 3, 2)
        yield* save(first, 1, 3, 1)
        yield* save(first, 1, 0, 1)
        // An earlier try of the second run, and the same run id in another tenant: not asked for.
        yield* save(second, 1, 0, 1)
        yield* turns.saveMany([{ key: { tenantId: other.id, runId: first, runAttempt: 1, stepIndex: 0 }, turn: makeTurn(9) }])
        const asked = [
          { runId: second, runAttempt: 2 },
          { runId: first, runAttempt: 1 },
          { runId: absent, runAttempt: 1 },
          { runId: "not-a-uuid", runAttempt: 1 }
        ]
        expect(yield* turns.ofRuns(tenant.id, asked)).toEqual([
          { runId: first, runAttempt: 1, stepIndex: 0, turn: makeTurn(1) },
          { runId: first, runAttempt: 1, stepIndex: 3, turn: makeTurn(1) },
          { runId: first, runAttempt: 1, stepIndex: 3, turn: makeTurn(2) },
          { runId: second, runAttempt: 2, stepIndex: 0, turn: makeTurn(1) }
        ])
        expect(yield* turns.ofRuns(tenant.id, [])).toEqual([])
        expect(yield* turns.ofRuns("not-a-uuid", asked)).toEqual([])
      })
    )

    it.effect("rolls back a failed unit's turns", () =>
      Effect.gen(function* () {
        const turns = yield* AgentTurnRepository
        const tenant = yield* insertTenant()
        const key: AgentStepKey = { tenantId: tenant.id, runId: uuid(), stepIndex: 0, runAttempt: 1 }
        yield* turns.saveMany([{ key, turn: makeTurn(1) }])
        const write = turns.saveMany([
          { key, turn: makeTurn(1, { verdict: "denied" }) },
          { key, turn: makeTurn(2) }
        ])
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")
        expect(yield* turns.list(key)).toEqual([makeTurn(1)])
      })
    )
  }
}
