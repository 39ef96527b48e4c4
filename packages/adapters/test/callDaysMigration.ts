import { Effect } from "effect"
import type { Kysely } from "kysely"
import { describe, expect, it } from "vitest"
import * as Calls from "../src/kysely/calling/Calls.js"
import type { KyselyConnection } from "../src/kysely/Database.js"
import { migrate } from "../src/kysely/Migrations.js"
import { allMigrations } from "../src/kysely/Storage.js"

const MIGRATION = "calling/0003_call_days"
let schemas = 0

/**
 * The calls an earlier build stored are added up by day when the table of daily totals is made:
 * after the upgrade, the totals of whole days equal the calls' own. `connect` answers Kysely not
 * bound to a schema: the test migrates a schema of its own.
 */
export const callDaysMigrationSuite = (label: string, connect: () => Kysely<any>) =>
  describe(`${MIGRATION}, ${label}`, () => {
    it("adds up the calls already stored by tenant and UTC day", async () => {
      const schema = `call_days_migration_${process.pid}_${++schemas}`
      const database = { db: connect().withSchema(schema), schema } as KyselyConnection
      const migrations = allMigrations()
      const before = migrations.filter((migration) => migration.name !== MIGRATION)
      expect(before).toHaveLength(migrations.length - 1)
      await Effect.runPromise(migrate(database, before))

      const [tenantId, otherId] = [globalThis.crypto.randomUUID(), globalThis.crypto.randomUUID()]
      const call = (tenant: string, startedAt: string, direction: string, result: string, seconds: number) => ({
        tenant_id: tenant,
        id: globalThis.crypto.randomUUID(),
        from_id: "+15550100",
        to_id: "+15550199",
        direction,
        duration_secs: seconds,
        result,
        started_at: new Date(startedAt)
      })
      await database.db
        .insertInto("calls")
        .values([
          call(tenantId, "2026-06-01T00:00:00.000Z", "inbound", "completed", 60),
          call(tenantId, "2026-06-01T23:59:59.999Z", "inbound", "no-answer", 0),
          call(tenantId, "2026-06-02T08:00:00.000Z", "outbound", "completed", 12.5),
          call(tenantId, "2026-06-04T08:00:00.000Z", "inbound", "in_progress", 7),
          call(otherId, "2026-06-02T08:00:00.000Z", "inbound", "completed", 1_000)
        ])
        .execute()

      await Effect.runPromise(migrate(database, migrations))
      const calls = Calls.make(database)
      const day = (n: number) => new Date(Date.UTC(2026, 5, n))
      for (const [from, to] of [[1, 5], [1, 2], [2, 3], [3, 4], [2, 5]] as const) {
        const window = { from: day(from), to: day(to) }
        const [byDay, byCall] = await Effect.runPromise(
          Effect.all([calls.dayTotals(tenantId, window), calls.windowTotals(tenantId, window)])
        )
        expect(byDay, `days ${from} to ${to}`).toEqual(byCall)
      }
      expect(await Effect.runPromise(calls.dayTotals(tenantId, { from: day(1), to: day(5) }))).toEqual({
        calls: 4,
        seconds: 79.5,
        inboundOffered: 3,
        inboundAnswered: 2
      })
      expect(await Effect.runPromise(calls.dayTotals(otherId, { from: day(1), to: day(5) }))).toMatchObject({ calls: 1 })
    })
  })
