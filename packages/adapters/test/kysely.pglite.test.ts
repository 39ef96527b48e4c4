import { mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Tenant } from "@servicekit/core"
import { TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { PGlite } from "@electric-sql/pglite"
import { Kysely, type Migration, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { KyselyDatabase } from "../src/kysely/index.js"
import { type MigrationOwner, planMigrations } from "../src/kysely/MigrationPlan.js"
import { PgliteDialect } from "../src/kysely/PgliteDialect.js"
import { allMigrations } from "../src/kysely/Storage.js"
import { layerPglite } from "../src/pglite.js"
import { moduleMigrationsSuite } from "./moduleMigrations.js"
import { inboxMigrationSuite } from "./inboxMigration.js"
import { callDaysMigrationSuite } from "./callDaysMigration.js"
import { stepResultsMigrationSuite } from "./stepResultsMigration.js"

it("keeps data in its folder across close and reopen, and closes PGlite with the scope", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "servicekit-pglite-"))
  try {
    const tenant: Tenant = {
      id: globalThis.crypto.randomUUID(),
      name: "Persisted",
      entitlements: ["chat"],
      weight: 1,
      maxRunningRuns: null,
      suspension: null,
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
  const migrationCount = allMigrations().length
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
      const tenant: Tenant = { id: globalThis.crypto.randomUUID(), name: "Kept", entitlements: [], weight: 1, maxRunningRuns: null, suspension: null, createdAt: new Date("2026-01-01T00:00:00.000Z") }
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

describe("module migrations, checked at start", () => {
  const none: Migration = { up: async () => {} }
  const owner = (name: string, dependsOn: ReadonlyArray<string>, names: ReadonlyArray<string>): MigrationOwner => ({
    name,
    dependsOn,
    migrations: Object.fromEntries(names.map((migration) => [migration, none]))
  })

  it.each<[string, ReadonlyArray<MigrationOwner>, string]>([
    [
      "a dependency on a module that does not exist",
      [owner("accounts", [], ["0001_accounts"]), owner("chat", ["acounts"], ["chat/0001_rooms"])],
      "Module chat depends on acounts, which no module is called (modules: accounts, chat)"
    ],
    [
      "a cycle",
      [
        owner("accounts", [], []),
        owner("chat", ["accounts", "growth"], ["chat/0001_rooms"]),
        owner("growth", ["chat"], ["growth/0001_threads"])
      ],
      "Modules chat -> growth -> chat depend on each other in a cycle"
    ],
    [
      "a module depending on itself",
      [owner("chat", ["chat"], [])],
      "Modules chat -> chat depend on each other in a cycle"
    ],
    [
      "two owners claiming one name",
      [owner("chat", [], ["0010_chat"]), owner("growth", [], ["0010_chat"])],
      "Migration 0010_chat is claimed by both chat and growth"
    ],
    [
      "a gap in a module's sequence",
      [owner("chat", [], ["chat/0001_rooms", "chat/0003_topics"])],
      "Module chat's migration chat/0003_topics does not follow its sequence: expected chat/0002_<what>"
    ],
    [
      "one number twice in a module's sequence",
      [owner("chat", [], ["chat/0001_rooms", "chat/0001_topics"])],
      "Module chat's migration chat/0001_topics does not follow its sequence: expected chat/0002_<what>"
    ],
    [
      "a name in another module's sequence",
      [owner("accounts", [], []), owner("chat", [], ["accounts/0001_rooms"])],
      "Module chat's migration accounts/0001_rooms does not follow its sequence: expected chat/0001_<what>"
    ],
    [
      "a shared number after the shared ones ended",
      [owner("chat", [], ["0010_chat", "0035_chat_topics"])],
      "Module chat's migration 0035_chat_topics does not follow its sequence: expected chat/0001_<what>"
    ]
  ])("stops on %s, naming the modules", (_, owners, message) => {
    expect(() => planMigrations(owners)).toThrow(message)
  })

  it("holds for every module's storage: the shared names first, in the order every database applied them, then each module's own", () => {
    const names = allMigrations().map((migration) => migration.name)
    const shared = names.filter((name) => /^\d{4}_/.test(name))
    expect(names.slice(0, shared.length)).toEqual([...shared].sort())
    expect(names.slice(shared.length).every((name) => /^[a-z]+\/\d{4}_[a-z0-9_]+$/.test(name))).toBe(true)
    expect(names.slice(shared.length)).toContain("automations/0001_agent_turns")
  })
})

let pglite: PGlite
let db: Kysely<any>
beforeAll(async () => {
  pglite = await PGlite.create()
  db = new Kysely<any>({ dialect: new PgliteDialect(pglite) })
})
afterAll(() => pglite.close())
moduleMigrationsSuite("on PGlite", () => db)
stepResultsMigrationSuite("on PGlite", () => db)
callDaysMigrationSuite("on PGlite", () => db)
inboxMigrationSuite("on PGlite", () => db)
