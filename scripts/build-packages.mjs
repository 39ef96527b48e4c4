// Builds the packages whose sources changed since their last build, in dependency order; with
// --force, all of them. A package's inputs are its src/, package.json and build config (tsup's,
// or the console's build script, which bundles the client's sources too), the
// shared build settings and the lockfile; their digest is kept in node_modules/.cache, so a
// fresh clone builds everything once and an unchanged checkout builds nothing. With
// --without-declarations (what `npm start` and the CLI use: running needs only JavaScript) the
// type declarations, most of the build's time, are left out; a later full build adds them, and so
// does packing (each package's `prepack` runs this script). `--only NAME` builds that package alone.
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
const packages = ["client", "console", "core", "conformance", "adapters", "host-node", "host-bun"]
/** Sources a package bundles from another package, beside its own. */
const bundledSources = { console: ["packages/client/src"] }
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
    ...[join(dir, "src"), ...(bundledSources[name] ?? []).map((path) => join(root, path))].flatMap(filesUnder),
    join(dir, "package.json"),
    ...["tsup.config.ts", "build.mjs"].map((file) => join(dir, file)).filter(existsSync),
    ...shared.map((file) => join(root, file))
  ].sort()
  const hash = createHash("sha256")
  for (const file of files) hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0")
  return hash.digest("hex")
}

/** Every file the package's exports point into dist/ exists (declarations only when asked for). */
const outputsPresent = (name, declarations) => {
  const dir = join(root, "packages", name)
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))
  const targets = Object.values(manifest.exports ?? {}).flatMap((conditions) =>
    Object.entries(conditions)
      .filter(([condition]) => declarations || condition !== "types")
      .map(([, target]) => target)
  )
  return targets.filter((target) => target.startsWith("./dist/")).every((target) => existsSync(join(dir, target)))
}

// A stamp is the inputs' digest and what was built from them.
const FULL = "with-declarations"
const JS_ONLY = "javascript-only"

/**
 * Builds what is stale. `log` receives one line per package built; the build's own output goes
 * to `output` (a file descriptor or "inherit").
 */
export const buildPackages = ({
  force = false,
  declarations = true,
  only = undefined,
  log = console.log,
  output = "inherit"
} = {}) => {
  mkdirSync(stampDir, { recursive: true })
  let built = 0
  for (const name of only === undefined ? packages : packages.filter((each) => each === only)) {
    const stamp = join(stampDir, `${name}.sha256`)
    const digest = inputsDigest(name)
    const [builtFrom, kind] = existsSync(stamp) ? readFileSync(stamp, "utf8").split(" ") : []
    const fresh =
      !force && builtFrom === digest && (kind === FULL || !declarations) && outputsPresent(name, declarations)
    if (fresh) continue
    const reason = force
      ? ""
      : builtFrom !== digest
        ? " (its sources changed since the last build)"
        : kind !== FULL && declarations
          ? " (adding its type declarations)"
          : " (its build output is missing)"
    log(`building @servicekit/${name}${reason}`)
    execFileSync("npm", ["run", "build", "--silent", "-w", `@servicekit/${name}`], {
      cwd: root,
      stdio: ["ignore", output, output],
      env: { ...process.env, SERVICEKIT_BUILD_DECLARATIONS: declarations ? "1" : "0" }
    })
    writeFileSync(stamp, `${digest} ${declarations ? FULL : JS_ONLY}`)
    built += 1
  }
  return built
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined
  if (only !== undefined && !packages.includes(only)) {
    console.error(`--only takes one of ${packages.join(", ")}`)
    process.exit(2)
  }
  const built = buildPackages({
    force: process.argv.includes("--force"),
    declarations: !process.argv.includes("--without-declarations"),
    only
  })
  if (built === 0) console.log("packages are up to date")
}
