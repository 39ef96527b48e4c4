// Generates @servicekit/client's contract from the OpenAPI document a kit serves (every route,
// the platform admin routes included): the types of every operation and webhook
// (openapi-typescript) and the small table of routes the runtime calls, in one module per API
// group, shared.ts for the schemas several groups use, and index.ts joining them. With --check
// it writes nothing and exits 1 when the committed files differ from what the document gives.
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import openapiTS, { astToString } from "openapi-typescript"
import ts from "typescript"

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
export const generatedDir = join(root, "packages", "client", "src", "generated")

const header = (what) =>
  `// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: ${what}.\n` +
  "// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.\n\n"

const METHODS = ["get", "put", "post", "patch", "delete"]

/** Every operation of the document's paths with its method and path. */
const operationsOf = (document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({ path, method, operation: item[method] }))
  )

/**
 * How the runtime calls an operation: `page` when it follows a cursor, `events` for server-sent
 * events, `socket` for a WebSocket upgrade (`socket+<name>` when its credential may go in the query
 * parameter `name`, as browsers cannot set a WebSocket's headers).
 */
const kindOf = ({ operation }, schemes) => {
  const success = Object.entries(operation.responses).filter(([status]) => Number(status) < 400)
  if (success.some(([status]) => status === "101")) {
    const inQuery = operation.security
      .flatMap(Object.keys)
      .map((name) => schemes[name])
      .find((scheme) => scheme?.type === "apiKey" && scheme.in === "query")
    return inQuery === undefined ? "socket" : `socket+${inQuery.name}`
  }
  const content = Object.keys(success[0]?.[1].content ?? {})
  if (content.includes("text/event-stream")) return "events"
  const cursor = (operation.parameters ?? []).some((parameter) => parameter.in === "query" && parameter.name === "cursor")
  return cursor ? "page" : undefined
}

/** The operation's summary and description, shown where an editor shows the client method. */
const jsdoc = (operation) => {
  const lines = [operation.summary, operation.description]
    .filter(Boolean)
    .join("\n\n")
    .replaceAll("*/", "*\\/")
    .split("\n")
  if (lines.length === 1 && lines[0] === "") return ""
  if (lines.length === 1) return `  /** ${lines[0]} */\n`
  return `  /**\n${lines.map((line) => (line === "" ? "   *" : `   * ${line}`)).join("\n")}\n   */\n`
}

/** The API group an operation belongs to: its id's first part; webhook events go with the webhooks group. */
const groupOf = (operationId) => {
  const group = operationId.split(".")[0]
  return group === "webhook" ? "webhooks" : group
}

const pascal = (group) => group[0].toUpperCase() + group.slice(1)

/** The routes table's entries: operation id -> [method, path, documented error statuses, kind?]. */
const routeEntries = (document) =>
  operationsOf(document).map((entry) => {
    const { path, method, operation } = entry
    const errors = Object.keys(entry.operation.responses)
      .filter((status) => Number(status) >= 400)
      .join(" ")
    const kind = kindOf(entry, document.components.securitySchemes)
    const fields = [method.toUpperCase(), path, errors, ...(kind === undefined ? [] : [kind])]
    return {
      group: groupOf(operation.operationId),
      text: `${jsdoc(operation)}  ${JSON.stringify(operation.operationId)}: ${JSON.stringify(fields).replaceAll(",", ", ")}`
    }
  })

/**
 * The types of every schema and operation, as openapi-typescript writes them in one file.
 * Responses keep only their bodies: the runtime reads headers itself, and dropping their prose
 * keeps the types a third of the size.
 */
const contractText = async (document) => {
  const slim = structuredClone(document)
  for (const item of Object.values(slim.paths)) {
    for (const method of METHODS) {
      for (const response of Object.values(item[method]?.responses ?? {})) {
        delete response.headers
        response.description = ""
      }
    }
  }
  delete slim.components.headers
  const nodes = await openapiTS(slim, { immutable: true, defaultNonNullable: false, silent: true })
  // Operations are reached by id: the `paths` index and the empty `$defs` add nothing.
  const kept = nodes.filter(
    (node) =>
      !(ts.isInterfaceDeclaration(node) && node.name.text === "paths") &&
      !(ts.isTypeAliasDeclaration(node) && node.name.text === "$defs")
  )
  return astToString(kept).replace(/^\s*headers: \{\n\s*readonly \[name: string\]: unknown;\n\s*\};\n/gm, "")
}

const SCHEMA_REF = /components\["schemas"\]\["([^"]+)"\]/g
const refsOf = (text) => [...text.matchAll(SCHEMA_REF)].map((match) => match[1])

/**
 * The contract cut by API group: each operation goes to its group, each schema to the one group
 * whose operations use it (directly or through other schemas) or to `shared` when several do.
 */
const contractByGroup = (text) => {
  const source = ts.createSourceFile("contract.ts", text, ts.ScriptTarget.Latest, true)
  const declaration = (name) =>
    source.statements.find((node) => ts.isInterfaceDeclaration(node) && node.name.text === name)
  // A member with its comments, as the one-file contract wrote it.
  const textOf = (node) => text.slice(node.getFullStart(), node.getEnd()).replace(/^\n+/, "")
  const components = declaration("components")
  const schemasMember = components.members.find((member) => member.name.text === "schemas")
  const schemas = new Map(schemasMember.type.members.map((member) => [member.name.text, textOf(member)]))
  const operations = declaration("operations").members.map((member) => ({
    group: groupOf(member.name.text),
    text: textOf(member)
  }))
  const webhooks = declaration("webhooks")

  const users = new Map([...schemas.keys()].map((name) => [name, new Set()]))
  const use = (group, name, seen = new Set()) => {
    if (seen.has(name) || !schemas.has(name)) return
    seen.add(name)
    users.get(name).add(group)
    for (const ref of refsOf(schemas.get(name))) use(group, ref, seen)
  }
  for (const operation of operations) for (const ref of refsOf(operation.text)) use(operation.group, ref)
  const homeOf = (name) => (users.get(name).size === 1 ? [...users.get(name)][0] : "shared")

  // Schemas sit one level up in a group's interface than in `components.schemas`.
  const outdent = (member) => member.replace(/^ {4}/gm, "")
  const schemasOf = (group) =>
    [...schemas].filter(([name]) => homeOf(name) === group).map(([, member]) => outdent(member))
  const operationsOf = (group) => operations.filter((operation) => operation.group === group).map((operation) => operation.text)
  const otherComponents = components.members.filter((member) => member !== schemasMember).map(textOf)
  return { schemasOf, operationsOf, otherComponents, webhooks: textOf(webhooks) }
}

const block = (declaration, members) => `${declaration} {\n${members.join("\n")}\n}\n`

/** The imports of the index's `components` and `operations` a group's text refers to. */
const indexImports = (text) => {
  const names = ["components", "operations"].filter((name) => text.includes(`${name}[`))
  return names.length === 0 ? "" : `import type { ${names.join(", ")} } from "./index.js"\n\n`
}

const ROUTES_DOC = "/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */\n"

/** A group's module: the schemas only it uses, its operations (and the webhooks group the events), its routes. */
const groupModule = (contract, routes, group) => {
  const name = pascal(group)
  const schemas = contract.schemasOf(group)
  const operations = contract.operationsOf(group)
  const own = routes.filter((route) => route.group === group).map((route) => route.text)
  const parts = []
  const exports = { schemas: undefined, operations: undefined, routes: undefined }
  if (schemas.length > 0) {
    exports.schemas = `${name}Schemas`
    parts.push(`/** The schemas only the ${group} group's operations use. */\n` + block(`export interface ${exports.schemas}`, schemas))
  }
  if (operations.length > 0) {
    exports.operations = `${name}Operations`
    parts.push(block(`export interface ${exports.operations}`, operations))
  }
  if (group === "webhooks") parts.push(contract.webhooks + "\n")
  if (own.length > 0) {
    exports.routes = `${group}Routes`
    parts.push(ROUTES_DOC + `export const ${exports.routes} = {\n${own.join(",\n")}\n} as const\n`)
  }
  const body = parts.join("\n")
  return { text: header(`the ${group} group's types and routes`) + indexImports(body) + body, exports }
}

/** index.ts: the groups joined into the one `components`, `operations` and `routes` the client reads. */
const indexModule = (contract, modules) => {
  const names = (kind) => modules.flatMap(({ exports }) => (exports[kind] === undefined ? [] : [exports[kind]]))
  const imports = modules
    .map(({ group, exports }) => {
      const own = [exports.schemas, exports.operations].filter(Boolean).map((name) => `type ${name}`)
      if (exports.routes !== undefined) own.push(exports.routes)
      return own.length === 0 ? "" : `import { ${own.join(", ")} } from "./${group}.js"\n`
    })
    .join("")
  return (
    header("every group's types and routes, as one contract") +
    `import type { SharedSchemas } from "./shared.js"\n` +
    imports +
    `\nexport type { webhooks } from "./webhooks.js"\n\n` +
    `interface schemas extends ${["SharedSchemas", ...names("schemas")].join(", ")} {}\n\n` +
    block("export interface components", ["    schemas: schemas;", ...contract.otherComponents]) +
    `\nexport interface operations extends ${names("operations").join(", ")} {}\n\n` +
    ROUTES_DOC +
    `export const routes = {\n${names("routes").map((name) => `  ...${name}`).join(",\n")}\n} as const\n`
  )
}

/** The generated files, by name, for a document: one module per API group, shared.ts and index.ts. */
export const generateClientSources = async (document) => {
  const contract = contractByGroup(await contractText(document))
  const routes = routeEntries(document)
  const groups = [...new Set([...routes.map((route) => route.group), "webhooks"])]
  const files = {}
  const modules = groups.map((group) => {
    const module = groupModule(contract, routes, group)
    files[`${group}.ts`] = module.text
    return { group, exports: module.exports }
  })
  const sharedBody =
    "/** The schemas the operations of several groups use. */\n" +
    block("export interface SharedSchemas", contract.schemasOf("shared"))
  files["shared.ts"] = header("the schemas several groups share") + indexImports(sharedBody) + sharedBody
  files["index.ts"] = indexModule(contract, modules)
  return files
}

/** The document a kit on the memory ports serves, from @servicekit/core (built, or its source under vitest). */
export const servedDocument = async () => {
  const { ServiceKit } = await import("@servicekit/core")
  const { layerMemory } = await import("@servicekit/core/testing")
  // An admin token only so that the platform admin routes are served and documented.
  const kit = ServiceKit.make(layerMemory({ settings: { adminToken: "document-the-admin-routes-too" } }))
  try {
    const response = await kit.handler(new Request("http://servicekit.local/api/v1/openapi.json"), {
      remoteAddress: "127.0.0.1"
    })
    return await response.json()
  } finally {
    await kit.dispose()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const check = process.argv.includes("--check")
  const sources = await generateClientSources(await servedDocument())
  const stale = Object.entries(sources).filter(([name, text]) => {
    const path = join(generatedDir, name)
    let current
    try {
      current = readFileSync(path, "utf8")
    } catch {
      current = undefined
    }
    if (current === text) return false
    if (!check) writeFileSync(path, text)
    return true
  })
  // Files of groups the contract no longer has.
  const extra = readdirSync(generatedDir).filter((name) => !(name in sources))
  if (!check) for (const name of extra) rmSync(join(generatedDir, name))
  const changed = [...stale.map(([name]) => name), ...extra]
  if (check && changed.length > 0) {
    console.error(`The client's generated ${changed.join(", ")} differ from the contract: run npm run generate:client`)
    process.exit(1)
  }
  console.log(changed.length === 0 ? "the client's contract is up to date" : `wrote ${changed.join(", ")}`)
}
