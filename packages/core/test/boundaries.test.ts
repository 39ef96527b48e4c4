import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { basename, dirname, join, relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { modules } from "../src/Modules.js"

const SRC = new URL("../src", import.meta.url).pathname
const REPO = new URL("../../..", import.meta.url).pathname
const FORBIDDEN =
  /^(node:|fs$|net$|http$|https$|pg$|kysely|ioredis|undici|nodemailer|@electric-sql|jose|bullmq|pg-boss|@effect\/platform-)/

/**
 * Folders from the bottom up: a file may import from its own folder and from lower ranks only, so
 * the http toolkit and jobs know nothing of each other and no product folder imports another.
 * Root files compose everything; entries/ (the package's per-product entry points) only gather.
 * Every other folder is a module's, named as the module.
 */
const RANK: Record<string, number> = { platform: 0, http: 1, jobs: 1, module: 2, testing: 4, entries: 5, "(root)": 5 }
const PRODUCT_RANK = 3

const sources = (dir: string, pattern = /\.ts$/): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === "node_modules" || name === "dist" ? [] : sources(path, pattern)
    return pattern.test(path) ? [path] : []
  })

const imports = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1])

const folderOf = (file: string) => {
  const parts = relative(SRC, file).split("/")
  return parts.length === 1 ? "(root)" : parts[0]
}
const rankOf = (folder: string) => RANK[folder] ?? PRODUCT_RANK

const AUTOMATIONS = join(SRC, "automations")
/**
 * automations/ from the bottom up. records/: workflows, flows, runs and approvals as stored.
 * skills/ (the registry) and hooks/ (inbound hook auth, the webhook token). governance/ (policies,
 * models, memory, tool profiles), which agents/ and sessions/ read. steps/, whose agent step
 * holds sessions with agents. runs/, the engine following the steps. channels/, nodes/ and
 * readouts/, which start, wake or read runs. workflows/, whose triggers start runs and whose
 * checks read channels and agents. marketplace/ and sequences/, which write workflows. dashboard/
 * over all of them, and the root's composition (AutomationsModule, AutomationSkills) on top.
 * AutomationsErrors, at the root too, is shared by all and imports none of them.
 */
const AUTOMATIONS_RANK: Record<string, number> = {
  AutomationsErrors: 0,
  records: 1,
  skills: 2,
  hooks: 2,
  governance: 3,
  agents: 4,
  sessions: 5,
  steps: 6,
  runs: 7,
  channels: 8,
  nodes: 8,
  readouts: 8,
  workflows: 9,
  marketplace: 10,
  sequences: 10,
  dashboard: 11,
  "(root)": 12
}
/** A file's folder under automations/; a root file is "(root)" unless it is ranked by its own name. */
const automationsFolderOf = (file: string) => {
  const parts = relative(AUTOMATIONS, file).split("/")
  if (parts.length > 1) return parts[0]
  const name = parts[0].replace(/\.[jt]s$/, "")
  return AUTOMATIONS_RANK[name] === undefined ? "(root)" : name
}

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

  it("ranks automations' folders: a folder imports only from lower ones", () => {
    const inside = files.filter((file) => file.startsWith(`${AUTOMATIONS}/`))
    const offenders = inside.flatMap((file) => {
      const from = automationsFolderOf(file)
      return imports(file)
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => resolve(dirname(file), specifier))
        .filter((target) => target.startsWith(`${AUTOMATIONS}/`))
        .map(automationsFolderOf)
        .filter((to) => to !== from && AUTOMATIONS_RANK[to] >= AUTOMATIONS_RANK[from])
        .map((to) => `${relative(SRC, file)} imports automations/${to}`)
    })
    // A new folder gets a rank here before it may exist.
    expect([...new Set(inside.map(automationsFolderOf))].sort()).toEqual(Object.keys(AUTOMATIONS_RANK).sort())
    expect(offenders).toEqual([])
  })

  it("keeps the run engine's internals to automations/runs: others see RunEngine, its routes and its events only, and step kinds see none of it", () => {
    const RUNS = join(AUTOMATIONS, "runs")
    const STEPS = join(AUTOMATIONS, "steps")
    const PUBLIC = ["RunEngine.js", "RunsApi.js", "RunHandlers.js", "RunEventBodies.js"]
    const offenders = files
      .filter((file) => dirname(file) !== RUNS)
      .flatMap((file) =>
        imports(file)
          .filter((specifier) => specifier.startsWith("."))
          .map((specifier) => resolve(dirname(file), specifier))
          .filter((target) => dirname(target) === RUNS)
          .filter((target) => dirname(file) === STEPS || !PUBLIC.includes(basename(target)))
          .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)
      )
    expect(files.some((file) => dirname(file) === RUNS)).toBe(true)
    expect(offenders).toEqual([])
  })
})

describe("core's entries", () => {
  const manifest = JSON.parse(readFileSync(join(SRC, "../package.json"), "utf8")) as { exports: Record<string, unknown> }
  const entries = Object.keys(manifest.exports).map((key) => (key === "." ? "@servicekit/core" : `@servicekit/core${key.slice(1)}`))

  // Packages' own tests may still open a core file to test it.
  it("are all that other packages, examples, benchmarks and scripts import of core: no path into its files", () => {
    const SIBLINGS = ["packages/adapters", "packages/host-node", "packages/host-bun", "packages/conformance", "packages/client"]
    const files = [...SIBLINGS.map((dir) => join(dir, "src")), "examples", "bench", "scripts"]
      .map((dir) => join(REPO, dir))
      .filter(existsSync)
      .flatMap((dir) => sources(dir, /\.(ts|tsx|mjs)$/))
    const offenders = files.flatMap((file) =>
      imports(file)
        .filter((specifier) =>
          specifier.startsWith("@servicekit/core")
            ? !entries.includes(specifier)
            : specifier.startsWith(".") && resolve(dirname(file), specifier).startsWith(`${join(REPO, "packages/core")}/`)
        )
        .map((specifier) => `${relative(REPO, file)}: ${specifier}`)
    )
    expect(files.length).toBeGreaterThan(100)
    expect(offenders).toEqual([])
  })

  it("keep storage ports out of what apps import: the root and product entries export no repository", async () => {
    const publicEntries = [
      "../src/index.js",
      ...["calling", "chat", "transactional", "growth", "automations", "webhooks"].map((entry) => `../src/entries/${entry}.js`)
    ]
    const exported = await Promise.all(publicEntries.map(async (entry) => Object.keys(await import(entry))))
    expect(exported.flat()).toContain("CallingService")
    expect(exported.flat().filter((name) => /Repository$|^MemoryDatabase$|^UnitOfWork$/.test(name))).toEqual([])
  })
})
