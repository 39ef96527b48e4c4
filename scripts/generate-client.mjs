// Generates @servicekit/client's contract from the OpenAPI document a kit serves (every route,
// the platform admin routes included): the types of every operation and webhook
// (openapi-typescript) and the small table of routes the runtime calls, as a folder per API group
// (its schemas, operations and routes), shared/ for the schemas several groups use, and index.ts
// joining them; no module over 400 lines (scripts/client-generator/ says how they are cut). With
// --check it writes nothing and exits 1 when the committed files differ from what the document gives.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { servedDocument } from "./client-generator/document.mjs"
import { generateClientSources } from "./client-generator/generate.mjs"

export { generateClientSources, servedDocument }

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
export const generatedDir = join(root, "packages", "client", "src", "generated")

/** Every file under the generated folder, as a path relative to it with `/` separators. */
export const generatedFiles = (folder = generatedDir, prefix = "") =>
  readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? generatedFiles(join(folder, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]
    )
    .sort()

/** Removes the folders left empty once the modules of a cut that is no longer made are gone. */
const removeEmptyFolders = (folder) => {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const path = join(folder, entry.name)
    removeEmptyFolders(path)
    if (readdirSync(path).length === 0) rmSync(path, { recursive: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const check = process.argv.includes("--check")
  let sources
  try {
    sources = await generateClientSources(await servedDocument())
  } catch (error) {
    console.error(`The client's contract was not generated: ${error.message}`)
    process.exit(1)
  }
  const stale = Object.entries(sources).filter(([name, text]) => {
    const path = join(generatedDir, name)
    let current
    try {
      current = readFileSync(path, "utf8")
    } catch {
      current = undefined
    }
    if (current === text) return false
    if (!check) {
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, text)
    }
    return true
  })
  // Modules of groups, or cuts, the contract no longer has.
  const extra = generatedFiles().filter((name) => !(name in sources))
  if (!check) {
    for (const name of extra) rmSync(join(generatedDir, name))
    removeEmptyFolders(generatedDir)
  }
  const changed = [...stale.map(([name]) => name), ...extra]
  if (check && changed.length > 0) {
    console.error(`The client's generated ${changed.join(", ")} differ from the contract: run npm run generate:client`)
    process.exit(1)
  }
  console.log(changed.length === 0 ? "the client's contract is up to date" : `wrote ${changed.join(", ")}`)
}
