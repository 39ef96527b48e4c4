// Generates @servicekit/client's contract from the OpenAPI document a kit serves (every route,
// the platform admin routes included): the types of every operation and webhook
// (openapi-typescript) and the small table of routes the runtime calls. With --check it writes
// nothing and exits 1 when the committed files differ from what the document gives.
import { readFileSync, writeFileSync } from "node:fs"
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

/** The routes table: operation id -> [method, path, documented error statuses, kind?]. */
const routesSource = (document) => {
  const entries = operationsOf(document).map((entry) => {
    const { path, method, operation } = entry
    const errors = Object.keys(entry.operation.responses)
      .filter((status) => Number(status) >= 400)
      .join(" ")
    const kind = kindOf(entry, document.components.securitySchemes)
    const fields = [method.toUpperCase(), path, errors, ...(kind === undefined ? [] : [kind])]
    return `${jsdoc(operation)}  ${JSON.stringify(operation.operationId)}: ${JSON.stringify(fields).replaceAll(",", ", ")}`
  })
  return (
    header("the route of every operation") +
    "/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */\n" +
    `export const routes = {\n${entries.join(",\n")}\n} as const\n`
  )
}

/**
 * The types of every schema and operation. Responses keep only their bodies: the runtime reads
 * headers itself, and dropping their prose keeps the file a third of the size.
 */
const contractSource = async (document) => {
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
  const text = astToString(kept).replace(/^\s*headers: \{\n\s*readonly \[name: string\]: unknown;\n\s*\};\n/gm, "")
  return header("the types of every operation, schema and webhook") + text
}

/** The generated files, by name, for a document. */
export const generateClientSources = async (document) => ({
  "contract.ts": await contractSource(document),
  "routes.ts": routesSource(document)
})

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
  if (check && stale.length > 0) {
    console.error(`The client's generated ${stale.map(([name]) => name).join(", ")} differ from the contract: run npm run generate:client`)
    process.exit(1)
  }
  console.log(stale.length === 0 ? "the client's contract is up to date" : `wrote ${stale.map(([name]) => name).join(", ")}`)
}
