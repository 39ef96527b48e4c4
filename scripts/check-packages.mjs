// Packs every published package as npm would publish it and checks what an installing app gets:
// README, LICENSE and dist in each tarball; every export (and bin) present and importable from
// the unpacked tarballs; effect as a peer, no test runner on core; the adapters' backend
// entries loading only their own drivers; the client with no dependency at all, within its size
// budget once bundled and minified; the console's script within its budget; and the Express
// example of docs/embedding.md (the README shows its ES module form) in a fresh CommonJS app and a
// fresh ES module app outside the repository, each installed from the tarballs by the guide's own
// line, type-checked strictly and sending an email to a real SMTP server. Packing follows a build
// without declarations, as after `npm start`.
// Run after `npm run build`; exits 1 naming each problem.
import { execFileSync } from "node:child_process"
import { gzipSync } from "node:zlib"
import { build } from "esbuild"
import { checkReadmeApps } from "./readme-apps.mjs"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const packages = ["core", "conformance", "adapters", "host-node", "host-bun", "client", "console"]

/** Entries whose import graph must not reach these packages. */
const forbiddenImports = {
  "@servicekit/adapters/postgres": ["@electric-sql/pglite", "ioredis", "bullmq"],
  "@servicekit/adapters/pglite": ["pg", "ioredis", "bullmq"],
  "@servicekit/adapters/redis": ["@electric-sql/pglite", "pg", "pg-boss"],
  "@servicekit/adapters/kysely": ["@electric-sql/pglite", "pg", "ioredis", "bullmq", "pg-boss"],
  "@servicekit/adapters/mail": ["@electric-sql/pglite", "pg", "ioredis", "bullmq", "pg-boss"],
  "@servicekit/adapters/sip": ["@electric-sql/pglite", "pg", "ioredis", "bullmq", "pg-boss", "nodemailer"],
  "@servicekit/adapters/http": ["@electric-sql/pglite", "pg", "ioredis", "bullmq", "pg-boss", "nodemailer"],
  "@servicekit/host-node/fastify": ["fastify", "@servicekit/adapters"],
  "@servicekit/host-node/hono": ["hono", "@servicekit/adapters"]
}

const problems = []
const problem = (text) => problems.push(text)

const workDir = mkdtempSync(join(tmpdir(), "servicekit-pack-"))
// Unpacked inside the repository's node_modules, so that their own dependencies resolve upwards
// to the installed ones while @servicekit/* resolves to the unpacked tarballs.
const installDir = join(root, "node_modules", ".servicekit-pack-check")
rmSync(installDir, { recursive: true, force: true })

// As `npm start` leaves a package: built without its type declarations. Packing adds them (each
// package's prepack builds what is missing), which the exports' check below then finds.
const buildScript = join(root, "scripts/build-packages.mjs")
execFileSync(process.execPath, [buildScript, "--without-declarations", "--force", "--only", "client"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"]
})
if (existsSync(join(root, "packages/client/dist/index.d.ts"))) {
  problem("@servicekit/client: a build without declarations left the old ones, so packing after one proves nothing")
}

const packed = JSON.parse(
  execFileSync(
    "npm",
    ["pack", "--json", "--pack-destination", workDir, ...packages.flatMap((name) => ["-w", `packages/${name}`])],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }
  )
)

const licenseFile = join(root, "LICENSE")
const license = existsSync(licenseFile) ? readFileSync(licenseFile, "utf8") : problem("the repository has no LICENSE")

for (const tarball of packed) {
  const files = new Set(tarball.files.map((file) => file.path))
  const manifest = JSON.parse(readFileSync(join(root, "packages", tarball.name.split("/")[1], "package.json"), "utf8"))
  const where = `${tarball.name} (${tarball.filename})`
  for (const required of ["README.md", "LICENSE", "package.json"]) {
    if (!files.has(required)) problem(`${where}: ${required} is missing from the tarball`)
  }
  if (![...files].some((file) => file.startsWith("dist/"))) problem(`${where}: no dist/ in the tarball`)
  const targets = Object.values(manifest.exports ?? {}).flatMap((target) => Object.values(target))
  for (const target of [...targets, ...Object.values(manifest.bin ?? {})]) {
    if (!files.has(target.replace(/^\.\//, ""))) problem(`${where}: ${target} is declared but not in the tarball`)
  }
  if (manifest.peerDependencies?.effect === undefined && manifest.dependencies?.effect !== undefined) {
    problem(`${where}: effect is a dependency; it must be a peer so the app keeps one copy`)
  }
  const unpacked = join(installDir, "node_modules", tarball.name)
  mkdirSync(unpacked, { recursive: true })
  execFileSync("tar", ["-xzf", join(workDir, tarball.filename), "-C", unpacked, "--strip-components=1"])
  if (existsSync(join(unpacked, "LICENSE")) && readFileSync(join(unpacked, "LICENSE"), "utf8") !== license) {
    problem(`${where}: LICENSE differs from the repository's`)
  }
}

const core = JSON.parse(readFileSync(join(root, "packages/core/package.json"), "utf8"))
for (const runner of ["vitest", "@effect/vitest"]) {
  if (core.peerDependencies?.[runner] !== undefined || core.dependencies?.[runner] !== undefined) {
    problem(`@servicekit/core: depends on ${runner}; the conformance suites belong to @servicekit/conformance`)
  }
}
for (const peer of ["effect", "@effect/platform"]) {
  if (core.peerDependencies?.[peer] === undefined) problem(`@servicekit/core: ${peer} is not a peer dependency`)
}

/** Every export of every package, e.g. `@servicekit/adapters/postgres`. */
const specifiers = packed.flatMap((tarball) => {
  const manifest = JSON.parse(readFileSync(join(installDir, "node_modules", tarball.name, "package.json"), "utf8"))
  return Object.keys(manifest.exports).map((key) => (key === "." ? tarball.name : `${tarball.name}${key.slice(1)}`))
})

// Each export resolves, and loads on Node, from the unpacked tarballs; the conformance suites
// only resolve, as vitest refuses to load outside its runner.
const runsOnlyUnderVitest = new Set(["@servicekit/conformance"])
const probe = join(installDir, "probe.mjs")
writeFileSync(
  probe,
  specifiers
    .map(
      (specifier) =>
        `${runsOnlyUnderVitest.has(specifier) ? "import.meta.resolve" : "await import"}(${JSON.stringify(specifier)})`
    )
    .join("\n")
)
try {
  execFileSync(process.execPath, [probe], { cwd: installDir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
} catch (error) {
  problem(`importing the packed exports failed:\n${error.stderr || error.message}`)
}

/** The bare specifiers an ES module reaches through its relative imports. */
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s*(?:[\w*{}\s,$]*\sfrom\s*)?["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)/g
const reachedPackages = (entry) => {
  const seen = new Set()
  const bare = new Set()
  const visit = (file) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier))
      else bare.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0])
    }
  }
  visit(entry)
  return bare
}

for (const [specifier, forbidden] of Object.entries(forbiddenImports)) {
  const [scope, name, subpath] = specifier.split("/")
  const manifest = JSON.parse(readFileSync(join(installDir, "node_modules", scope, name, "package.json"), "utf8"))
  const entry = join(installDir, "node_modules", scope, name, manifest.exports[`./${subpath}`].default)
  const reached = reachedPackages(entry)
  for (const dependency of forbidden) {
    if (reached.has(dependency)) problem(`${specifier} loads ${dependency}`)
  }
}

// The client runs in browsers and edge runtimes beside the app's own code: nothing beyond fetch
// and WebCrypto, and small. Budgets in bytes, minified and gzipped, as a bundler ships each import.
const client = JSON.parse(readFileSync(join(root, "packages/client/package.json"), "utf8"))
for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
  if (Object.keys(client[field] ?? {}).length > 0) problem(`@servicekit/client: has ${field}; it must need none`)
}
const clientBudgets = [
  ["@servicekit/client/webhooks", "import { verifyWebhook } from '@servicekit/client/webhooks'; export { verifyWebhook }", 3_000],
  ["@servicekit/client", "import { createClient } from '@servicekit/client'; export { createClient }", 12_000]
]
for (const [entry, contents, budget] of clientBudgets) {
  const bundled = await build({
    stdin: { contents, resolveDir: installDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent"
  })
  const size = gzipSync(bundled.outputFiles[0].contents, { level: 9 }).length
  console.log(`${entry}: ${bundled.outputFiles[0].contents.length} bytes minified, ${size} gzipped (budget ${budget})`)
  if (size > budget) problem(`${entry} is ${size} bytes minified and gzipped, over its budget of ${budget}`)
}

// The console's JavaScript, all of it (Preact and the client included), as browsers download it.
const CONSOLE_SCRIPT_BUDGET = 150_000
const { consoleAssets } = await import(pathToFileURL(join(installDir, "node_modules/@servicekit/console/dist/index.js")).href)
const consoleScripts = [consoleAssets.script.body, consoleAssets.preview.body]
const consoleScript = consoleScripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0)
console.log(
  `@servicekit/console scripts (app and preview frame): ${consoleScripts.reduce((sum, body) => sum + body.length, 0)} bytes minified, ${consoleScript} gzipped (budget ${CONSOLE_SCRIPT_BUDGET})`
)
if (consoleScript > CONSOLE_SCRIPT_BUDGET) {
  problem(`the console's scripts are ${consoleScript} bytes gzipped, over its budget of ${CONSOLE_SCRIPT_BUDGET}`)
}

problems.push(...(await checkReadmeApps(workDir)))

rmSync(workDir, { recursive: true, force: true })
rmSync(installDir, { recursive: true, force: true })

if (problems.length > 0) {
  console.error(`Package check failed:\n${problems.map((text) => `- ${text}`).join("\n")}`)
  process.exit(1)
}
console.log(`Package check passed: ${packed.map((tarball) => tarball.filename).join(", ")}`)
