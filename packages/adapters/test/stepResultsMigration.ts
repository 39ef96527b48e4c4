import type { StepResult } from "@servicekit/core/automations"
import { Effect, Option } from "effect"
import { type Kysely, sql } from "kysely"
import { describe, expect, it } from "vitest"
import * as Runs from "../src/kysely/automations/Runs.js"
import type { KyselyConnection } from "../src/kysely/Database.js"
import { migrate } from "../src/kysely/Migrations.js"
import { allMigrations } from "../src/kysely/Storage.js"

const MIGRATION = "automations/0002_step_results"
let schemas = 0

/**
 * The runs an earlier build stored with their results inline (a jsonb array on the run) move to
 * one row per step, and read back exactly as they were. `connect` answers Kysely not bound to a
 * schema: the test migrates a schema of its own.
 */
export const stepResultsMigrationSuite = (label: string, connect: () => Kysely<any>) =>
  describe(`${MIGRATION}, ${label}`, () => {
    it("moves every run's results to rows, those of builds that recorded less included, and reads them as they were", async () => {
      const schema = `step_results_migration_${process.pid}_${++schemas}`
      const database = { db: connect().withSchema(schema), schema } as KyselyConnection
      const migrations = allMigrations()
      const before = migrations.filter((migration) => migration.name !== MIGRATION)
      expect(before).toHaveLength(migrations.length - 1)
      await Effect.runPromise(migrate(database, before))

      const tenantId = globalThis.crypto.randomUUID()
      await database.db
        .insertInto("tenants")
        .values({ id: tenantId, name: "Upgraded", entitlements: sql`array['automations']::text[]`, created_at: new Date() })
        .execute()
      const at = (seconds: number) => new Date(Date.UTC(2026, 6, 1, 9, 0, seconds))
      const worker = { host: "host-a", pid: 41, workerId: "w-a" }
      const results: ReadonlyArray<StepResult> = [
        {
          index: 0,
          type: "log",
          name: "first",
          status: "succeeded",
          output: { nested: [1, { two: "deux ✓" }], none: null },
          outputText: "logged",
          error: null,
          attempt: 1,
          approved: false,
          worker,
          startedAt: at(1),
          finishedAt: at(2)
        },
        {
          index: 1,
          type: "skill",
          name: null,
          status: "running",
          output: null,
          outputText: null,
          error: null,
          attempt: 2,
          approved: true,
          worker: null,
          startedAt: at(3),
          finishedAt: null
        }
      ]
      // A step of a build that recorded neither approvals nor workers per step.
      const { approved: _approved, worker: _worker, ...legacy } = { ...results[0]!, index: 0, outputText: "legacy" }
      const runs = [
        { id: globalThis.crypto.randomUUID(), results: JSON.stringify(results) },
        { id: globalThis.crypto.randomUUID(), results: JSON.stringify([legacy]) },
        { id: globalThis.crypto.randomUUID(), results: "[]" }
      ]
      for (const run of runs) {
        await database.db
          .insertInto("automation_runs")
          .values({
            tenant_id: tenantId,
            id: run.id,
            workflow_id: globalThis.crypto.randomUUID(),
            flow_id: globalThis.crypto.randomUUID(),
            revision: 1,
            steps: JSON.stringify([{ type: "log", message: "a" }, { type: "skill", skillId: "log.write", input: {} }]),
            status: "running",
            trigger_type: "manual",
            context: "",
            payload: "{}",
            results: run.results,
            created_at: at(0),
            updated_at: at(0)
          })
          .execute()
      }

      await Effect.runPromise(migrate(database, migrations))
      const repository = Runs.make(database)
      const read = (id: string) =>
        Effect.runPromise(Effect.map(repository.find(tenantId, id), (found) => Option.getOrThrow(found).results))
      expect(await read(runs[0]!.id)).toEqual(results)
      expect(await read(runs[1]!.id)).toEqual([{ ...legacy, approved: false, worker: null }])
      expect(await read(runs[2]!.id)).toEqual([])
      const columns = await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_schema = ${schema} and table_name = 'automation_runs'`.execute(database.db)
      expect(columns.rows.map((row) => row.column_name)).not.toContain("results")
    })
  })
