import { allMigrations, layerPglite } from "@servicekit/adapters"
import { storageConformance } from "@servicekit/conformance"
import { layerMemoryStorageWith } from "@servicekit/core/testing"
import { describe, expect, it } from "vitest"
import { notes, notesStorageSuites } from "./fixtures/notes/index.js"

// A module a kit adds brings its storage's suites; its memory fake and Kysely storage both pass them.
storageConformance("notes in memory", () => layerMemoryStorageWith([notes]), notesStorageSuites)
storageConformance("notes on PGlite", () => layerPglite({ dataDir: undefined, modules: [notes] }), notesStorageSuites)

describe("an added module's migrations", () => {
  it("run in its own sequence after those of the modules it depends on, and only in kits that add it", () => {
    const names = allMigrations([notes]).map((migration) => migration.name)
    expect(names.filter((name) => name.startsWith("notes/"))).toEqual(["notes/0001_notes"])
    expect(names.indexOf("0001_accounts")).toBeLessThan(names.indexOf("notes/0001_notes"))
    expect(allMigrations().map((migration) => migration.name)).not.toContain("notes/0001_notes")
  })

  it("stop the plan, naming the module, when it depends on no module or leaves its sequence", () => {
    const { kysely } = notes
    expect(() => allMigrations([{ ...notes, kysely: { ...kysely, dependsOn: ["billing"] } }])).toThrow(
      /Module notes depends on billing, which no module is called/
    )
    const misnamed = { "notes/0002_notes": kysely.migrations["notes/0001_notes"]! }
    expect(() => allMigrations([{ ...notes, kysely: { ...kysely, migrations: misnamed } }])).toThrow(
      /Module notes's migration notes\/0002_notes does not follow its sequence/
    )
  })
})
