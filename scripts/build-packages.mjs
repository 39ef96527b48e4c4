// Builds the packages whose sources changed since their last build, in dependency order; with
// --force, all of them. A package's inputs are its src/, package.json and tsup config, the
// shared build settings and the lockfile; their digest is kept in node_modules/.cache, so a
// fresh clone builds everything once and an unchanged checkout builds nothing.
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const packages = ["core", "conformance", "adapters", "host-node", "host-bun"]
const shared = ["tsup.shared.ts", "tsconfig.base.json", "package-lock.json"]
const stampDir = join(root, "node_modules", ".cache", "servicekit-build")

const filesUnder = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })

const inputsDigest = (name) => {
  const dir = join(root, "packages", name)
  const files = [
    ...filesUnder(join(dir, "src")),
    join(dir, "package.json"),
    join(dir, "tsup.config.ts"),
    ...shared.map((file) => join(root, file))
  ].sort()
  const hash = createHash("sha256")
  for (const file of files) hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0")
  return hash.digest("hex")
}

/** Every file the package's exports and bin point into dist/ exists. */
const outputsPresent = (name) => {
  const dir = join(root, "packages", name)
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))
  const targets = Object.values(manifest.exports ?? {}).flatMap((target) => Object.values(target))
  return targets.filter((target) => target.startsWith("./dist/")).every((target) => existsSync(join(dir, target)))
}

/**
 * Builds what is stale. `log` receives one line per package built; the build's own output goes
 * to `output` (a file descriptor or "inherit").
 */
export const buildPackages = ({ force = false, log = console.log, output = "inherit" } = {}) => {
  mkdirSync(stampDir, { recursive: true })
  let built = 0
  for (const name of packages) {
    const stamp = join(stampDir, `${name}.sha256`)
    const digest = inputsDigest(name)
    const fresh = !force && outputsPresent(name) && existsSync(stamp) && readFileSync(stamp, "utf8") === digest
    if (fresh) continue
    log(`building @servicekit/${name}${force ? "" : " (its sources changed since the last build)"}`)
    execFileSync("npm", ["run", "build", "--silent", "-w", `@servicekit/${name}`], {
      cwd: root,
      stdio: ["ignore", output, output]
    })
    writeFileSync(stamp, digest)
    built += 1
  }
  return built
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const built = buildPackages({ force: process.argv.includes("--force") })
  if (built === 0) console.log("packages are up to date")
}
