import { AgentTurnRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

export const make = (database: KyselyConnection): AgentTurnRepository["Type"] =>
  AgentTurnRepository.of({
    saveMany: (rows) =>
      rows.length === 0
        ? Effect.void
        : Effect.asVoid(
            query(database, (db: Db) =>
              db
                .insertInto("automation_agent_turns")
                .values(
                  rows.map(({ key, turn }) => ({
                    tenant_id: key.tenantId,
                    run_id: key.runId,
                    run_attempt: key.runAttempt,
                    step_index: key.stepIndex,
                    turn: turn.turn,
                    data: JSON.stringify(turn)
                  }))
                )
                .onConflict((conflict) =>
                  conflict
                    .columns(["tenant_id", "run_id", "run_attempt", "step_index", "turn"])
                    .doUpdateSet({ data: (eb) => eb.ref("excluded.data") })
                )
                .execute()
            )
          ),

    // A range of the primary key.
    list: (key) =>
      isUuid(key.tenantId) && isUuid(key.runId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_agent_turns")
                .select("data")
                .where("tenant_id", "=", key.tenantId)
                .where("run_id", "=", key.runId)
                .where("run_attempt", "=", key.runAttempt)
                .where("step_index", "=", key.stepIndex)
                .orderBy("turn")
                .execute()
            ),
            (rows) => rows.map((row) => row.data)
          )
        : Effect.succeed([]),

    // One statement for a page of runs: ranges of the primary key; turns of earlier tries are left out here.
    ofRuns: (tenantId, runs) => {
      const attempts = new Map(runs.filter((run) => isUuid(run.runId)).map((run) => [run.runId.toLowerCase(), run.runAttempt]))
      if (!isUuid(tenantId) || attempts.size === 0) return Effect.succeed([])
      return Effect.map(
        query(database, (db: Db) =>
          db
            .selectFrom("automation_agent_turns")
            .select(["run_id", "run_attempt", "step_index", "data"])
            .where("tenant_id", "=", tenantId)
            .where("run_id", "in", [...attempts.keys()])
            .orderBy("run_id")
            .orderBy("step_index")
            .orderBy("turn")
            .execute()
        ),
        (rows) =>
          rows
            .filter((row) => attempts.get(row.run_id) === row.run_attempt)
            .map((row) => ({ runId: row.run_id, runAttempt: row.run_attempt, stepIndex: row.step_index, turn: row.data }))
      )
    }
  })

export const layer: Layer.Layer<AgentTurnRepository, never, KyselyDatabase> = Layer.effect(
  AgentTurnRepository,
  Effect.map(KyselyDatabase, make)
)
