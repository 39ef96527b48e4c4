/** Where an agent step's turns are stored, one row each: the port and its memory implementation. */
import { Context, Effect, Layer } from "effect"
import { tenantRowsOf } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { AgentTurn } from "./AgentProtocol.js"

/** An agent step's turns in one try of its run: a retried run (a new run attempt) starts anew. */
export interface AgentStepKey {
  readonly tenantId: string
  readonly runId: string
  readonly stepIndex: number
  readonly runAttempt: number
}

/** A turn to store, with the step it belongs to. */
export interface StoredTurnRow {
  readonly key: AgentStepKey
  readonly turn: AgentTurn
}

/** A stored turn with the step it belongs to. */
export interface StoredTurn extends Omit<AgentStepKey, "tenantId"> {
  readonly turn: AgentTurn
}

export class AgentTurnRepository extends Context.Tag("@servicekit/core/AgentTurnRepository")<
  AgentTurnRepository,
  {
    /**
     * Stores each turn under its step and number, replacing what that number held (its call ran,
     * its approval was decided), in one statement; each step and number at most once.
     */
    readonly saveMany: (rows: ReadonlyArray<StoredTurnRow>) => Effect.Effect<void>
    /** The step's turns, by number. */
    readonly list: (key: AgentStepKey) => Effect.Effect<ReadonlyArray<AgentTurn>>
    /** The turns of these runs' steps in their current tries, by run, step and number. */
    readonly ofRuns: (
      tenantId: string,
      runs: ReadonlyArray<{ readonly runId: string; readonly runAttempt: number }>
    ) => Effect.Effect<ReadonlyArray<StoredTurn>>
  }
>() {
  static readonly layerMemory: Layer.Layer<AgentTurnRepository, never, MemoryDatabase> = Layer.effect(
    AgentTurnRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, StoredTurn & { readonly tenantId: string }>()
      db.holdsTenantRows("automation_agent_turns", tenantRowsOf(rows, (row) => row.tenantId))
      const keyOf = (key: AgentStepKey, turn: number) =>
        `${key.tenantId}/${key.runId}/${key.runAttempt}/${key.stepIndex}/${turn}`
      const ordered = (a: StoredTurn, b: StoredTurn) => a.stepIndex - b.stepIndex || a.turn.turn - b.turn.turn
      return AgentTurnRepository.of({
        saveMany: (saved) =>
          db.run((undo) => {
            for (const { key, turn } of saved) {
              const at = keyOf(key, turn.turn)
              const previous = rows.get(at)
              rows.set(at, { ...key, turn })
              undo(() => (previous === undefined ? rows.delete(at) : rows.set(at, previous)))
            }
          }),
        list: (key) =>
          db.run(() =>
            [...rows.values()]
              .filter(
                (row) =>
                  row.tenantId === key.tenantId &&
                  row.runId === key.runId &&
                  row.runAttempt === key.runAttempt &&
                  row.stepIndex === key.stepIndex
              )
              .sort(ordered)
              .map((row) => row.turn)
          ),
        ofRuns: (tenantId, runs) =>
          db.run(() => {
            const wanted = new Set(runs.map((run) => `${run.runId}/${run.runAttempt}`))
            return [...rows.values()]
              .filter((row) => row.tenantId === tenantId && wanted.has(`${row.runId}/${row.runAttempt}`))
              .sort((a, b) => (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : ordered(a, b)))
              .map(({ tenantId: _tenantId, ...stored }) => stored)
          })
      })
    })
  )
}
