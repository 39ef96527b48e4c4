import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Tenant, TenantRepository } from "@servicekit/core"
import { Effect, Option } from "effect"
import { sql } from "kysely"
import { expect, it } from "vitest"
import { KyselyDatabase } from "../src/kysely/index.js"
import { layerPglite } from "../src/pglite.js"

it("keeps data in its folder across close and reopen, and closes PGlite with the scope", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "servicekit-pglite-"))
  try {
    const tenant: Tenant = {
      id: globalThis.crypto.randomUUID(),
      name: "Persisted",
      entitlements: ["chat"],
      createdAt: new Date("2026-01-01T00:00:00.000Z")
    }
    const db = await Effect.runPromise(
      Effect.gen(function* () {
        yield* (yield* TenantRepository).insert(tenant)
        return yield* KyselyDatabase
      }).pipe(Effect.provide(layerPglite({ dataDir })))
    )
    await expect(sql`select 1`.execute(db.db)).rejects.toThrow()

    const found = await Effect.runPromise(
      Effect.flatMap(TenantRepository, (tenants) => tenants.findById(tenant.id)).pipe(
        Effect.provide(layerPglite({ dataDir }))
      )
    )
    expect(found).toEqual(Option.some(tenant))
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})
