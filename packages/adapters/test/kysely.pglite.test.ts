import { mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Tenant } from "@servicekit/core"
import { TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { sql } from "kysely"
import { describe, expect, it } from "vitest"
import { KyselyDatabase } from "../src/kysely/index.js"
import { allMigrations } from "../src/kysely/Storage.js"
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

describe("a migrated snapshot that new databases start from", () => {
  const migrationCount = Object.keys(allMigrations()).length
  const appliedMigrations = (dataDir: string, templateDir: string) =>
    Effect.runPromise(
      Effect.flatMap(KyselyDatabase, (database) =>
        Effect.promise(() => database.rows<{ count: number }>("select count(*)::int as count from servicekit.servicekit_migrations", []))
      ).pipe(Effect.provide(layerPglite({ dataDir, templateDir })))
    )
  const snapshots = async (templateDir: string) => (await readdir(templateDir)).filter((name) => name.endsWith(".tar"))

  it("is made on first need, then a new database starts from it with every migration applied", async () => {
    const folder = await mkdtemp(join(tmpdir(), "servicekit-template-"))
    const templateDir = join(folder, "templates")
    try {
      expect(await appliedMigrations(join(folder, "first"), templateDir)).toEqual([{ count: migrationCount }])
      const [snapshot] = await snapshots(templateDir)
      expect(snapshot).toMatch(/^servicekit-[0-9a-f]{24}\.tar$/)
      const made = (await stat(join(templateDir, snapshot!))).mtimeMs

      // The second database is the snapshot's: its files come from it, and the snapshot stays as it was.
      expect(await appliedMigrations(join(folder, "second"), templateDir)).toEqual([{ count: migrationCount }])
      expect(await snapshots(templateDir)).toEqual([snapshot])
      expect((await stat(join(templateDir, snapshot!))).mtimeMs).toBe(made)
      expect(await readFile(join(folder, "second", "PG_VERSION"), "utf8")).toMatch(/^\d+/)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it("is never read by an existing database, and a broken one leaves a new database to initdb", async () => {
    const folder = await mkdtemp(join(tmpdir(), "servicekit-template-"))
    const templateDir = join(folder, "templates")
    const dataDir = join(folder, "kit")
    try {
      const tenant: Tenant = { id: globalThis.crypto.randomUUID(), name: "Kept", entitlements: [], createdAt: new Date("2026-01-01T00:00:00.000Z") }
      await Effect.runPromise(
        Effect.flatMap(TenantRepository, (tenants) => tenants.insert(tenant)).pipe(
          Effect.provide(layerPglite({ dataDir, templateDir }))
        )
      )
      const [snapshot] = await snapshots(templateDir)
      await writeFile(join(templateDir, snapshot!), "not a tar archive")

      const found = await Effect.runPromise(
        Effect.flatMap(TenantRepository, (tenants) => tenants.findById(tenant.id)).pipe(
          Effect.provide(layerPglite({ dataDir, templateDir }))
        )
      )
      expect(found).toEqual(Option.some(tenant))
      expect(await appliedMigrations(join(folder, "fresh"), templateDir)).toEqual([{ count: migrationCount }])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
