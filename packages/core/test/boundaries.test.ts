import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { modules } from "../src/Modules.js"

const SRC = new URL("../src", import.meta.url).pathname
const FORBIDDEN =
  /^(node:|fs$|net$|http$|https$|pg$|kysely|ioredis|undici|nodemailer|@electric-sql|jose|bullmq|pg-boss|@effect\/platform-)/

/**
 * Folders from the bottom up: a file may import from its own folder and from lower ranks only, so
 * the http toolkit and jobs know nothing of each other and no product folder imports another.
 * Root files compose everything. Every other folder is a module's, named as the module.
 */
const RANK: Record<string, number> = { platform: 0, http: 1, jobs: 1, module: 2, testing: 4, "(root)": 5 }
const PRODUCT_RANK = 3

const sources = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : path.endsWith(".ts") ? [path] : []
  })

const imports = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1])

const folderOf = (file: string) => {
  const parts = relative(SRC, file).split("/")
  return parts.length === 1 ? "(root)" : parts[0]
}
const rankOf = (folder: string) => RANK[folder] ?? PRODUCT_RANK

describe("core's boundaries", () => {
  const files = sources(SRC)

  it("imports no driver, network or filesystem module", () => {
    const offenders = files.flatMap((file) =>
      imports(file)
        .filter((specifier) => FORBIDDEN.test(specifier))
        .map((specifier) => `${relative(SRC, file)}: ${specifier}`)
    )
    expect(files.length).toBeGreaterThan(10)
    expect(offenders).toEqual([])
  })

  it("imports only downwards: platform → http, jobs → module → products → testing → root; no product from another", () => {
    const offenders = files.flatMap((file) => {
      const from = folderOf(file)
      return imports(file)
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => folderOf(resolve(dirname(file), specifier)))
        .filter((to) => to !== from && rankOf(to) >= rankOf(from))
        .map((to) => `${relative(SRC, file)} imports ${to}`)
    })
    const productFolders = [...new Set(files.map(folderOf))].filter((folder) => RANK[folder] === undefined).sort()
    expect(productFolders).toEqual(modules.map((module) => module.name).sort())
    expect(offenders).toEqual([])
  })

  it("keeps the run engine's internals to automations/runs: others see RunEngine only, and step kinds see none of it", () => {
    const RUNS = join(SRC, "automations", "runs")
    const STEPS = join(SRC, "automations", "steps")
    const offenders = files
      .filter((file) => dirname(file) !== RUNS)
      .flatMap((file) =>
        imports(file)
          .filter((specifier) => specifier.startsWith("."))
          .map((specifier) => resolve(dirname(file), specifier))
          .filter((target) => dirname(target) === RUNS)
          .filter((target) => dirname(file) === STEPS || !target.endsWith("/RunEngine.js"))
          .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)
      )
    expect(files.some((file) => dirname(file) === RUNS)).toBe(true)
    expect(offenders).toEqual([])
  })
})
