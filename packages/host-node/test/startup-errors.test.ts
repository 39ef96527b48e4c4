import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { run } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))

describe("start-up errors on the embedded database name the cause and what to do", () => {
  const root = mkdtempSync(join(tmpdir(), "servicekit-startup-"))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const migrate = (dataDir: string) =>
    run(process.execPath, [cli, "migrate"], { SERVICEKIT_DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" })

  it("a damaged database folder", async () => {
    const dataDir = join(root, "damaged")
    mkdirSync(join(dataDir, "pglite"), { recursive: true })
    writeFileSync(join(dataDir, "pglite", "PG_VERSION"), "not a version\n")
    const result = await migrate(dataDir)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`Cannot open the embedded database in ${join(dataDir, "pglite")}`)
    expect(result.stderr).toContain("move it aside")
    expect(result.stderr).not.toContain("unknown error")
  })

  it("a data folder that cannot be created", async () => {
    const file = join(root, "a-file")
    writeFileSync(file, "")
    const result = await migrate(join(file, "data"))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`The data folder ${join(file, "data")} cannot be created (ENOTDIR)`)
    expect(result.stderr).toContain("Set SERVICEKIT_DATA_DIR")
  })
})
