// The generated contract's files for a document: every section's modules (see sections.mjs) and
// index.ts joining them into the one `components`, `operations`, `routes` and `webhooks` the
// client's runtime and types read.
import { contractOf } from "./contract.mjs"
import { groupOf, resourcesOf } from "./document.mjs"
import { assertWithinLimit, moduleText } from "./modules.mjs"
import { routeEntries } from "./routes.mjs"
import { contractSections, ROUTES_DOC } from "./sections.mjs"

const importPath = (entry) => `./${entry.file.slice(0, -3)}.js`

const indexModule = (contract, sections) => {
  const present = (kind) => sections.byGroup.flatMap((group) => (group[kind] === undefined ? [] : [group[kind]]))
  const schemas = [...(sections.shared === undefined ? [] : [sections.shared]), ...present("schemas")]
  const imports = [
    ...schemas.map((entry) => `import type { ${entry.name} } from "${importPath(entry)}"\n`),
    ...present("operations").map((entry) => `import type { ${entry.name} } from "${importPath(entry)}"\n`),
    ...present("routes").map((entry) => `import { ${entry.name} } from "${importPath(entry)}"\n`)
  ]
  const events = sections.events === undefined ? "" : `\nexport type { webhooks } from "${importPath(sections.events)}"\n`
  const body =
    imports.join("") +
    events +
    `\ninterface schemas extends ${schemas.map((entry) => entry.name).join(", ")} {}\n\n` +
    `export interface components {\n${["    schemas: schemas;", ...contract.otherComponents].join("\n")}\n}\n` +
    `\nexport interface operations extends ${present("operations").map((entry) => entry.name).join(", ")} {}\n\n` +
    ROUTES_DOC +
    `export const routes = {\n${present("routes").map((entry) => `  ...${entry.name}`).join(",\n")}\n} as const\n`
  return moduleText("index.ts", "every group's types and routes, as one contract", body)
}

/**
 * The generated files, by path inside the generated folder, for a document. Throws when a module
 * would pass the line limit.
 */
export const generateClientSources = async (document) => {
  const contract = await contractOf(document)
  const routes = routeEntries(document)
  // In the document's order; the webhooks group has events even with no route.
  const groups = [...new Set([...routes, ...contract.operations].map((entry) => groupOf(entry.id)))]
  const sections = contractSections(contract, routes, resourcesOf(document), groups)
  const files = { ...sections.files, "index.ts": indexModule(contract, sections) }
  assertWithinLimit(files)
  return files
}
