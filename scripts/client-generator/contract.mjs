// The types of every schema, operation and webhook event, as openapi-typescript writes them, taken
// apart member by member so that the generator can place each one in its module.
import openapiTS, { astToString } from "openapi-typescript"
import ts from "typescript"
import { METHODS } from "./document.mjs"

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

/** For each schema, the ids of the operations that use it, directly or through other schemas. */
const schemaUsers = (schemas, operations) => {
  const users = new Map([...schemas.keys()].map((name) => [name, new Set()]))
  const use = (id, name, seen) => {
    if (seen.has(name) || !schemas.has(name)) return
    seen.add(name)
    users.get(name).add(id)
    for (const ref of refsOf(schemas.get(name))) use(id, ref, seen)
  }
  for (const operation of operations) {
    const seen = new Set()
    for (const ref of refsOf(operation.text)) use(operation.id, ref, seen)
  }
  return users
}

/**
 * The contract's members: schemas (outdented to sit directly in an interface), operations by id,
 * webhook events by name, the other `components` members, and each schema's users.
 */
export const contractOf = async (document) => {
  const text = await contractText(document)
  const source = ts.createSourceFile("contract.ts", text, ts.ScriptTarget.Latest, true)
  const declaration = (name) =>
    source.statements.find((node) => ts.isInterfaceDeclaration(node) && node.name.text === name)
  // A member with its comments, as the one-file contract wrote it.
  const textOf = (node) => text.slice(node.getFullStart(), node.getEnd()).replace(/^\n+/, "")
  const members = (node) => node.members.map((member) => ({ name: member.name.text, text: textOf(member) }))
  const components = declaration("components")
  const schemasMember = components.members.find((member) => member.name.text === "schemas")
  const schemas = new Map(members(schemasMember.type).map(({ name, text }) => [name, text]))
  const operations = members(declaration("operations")).map(({ name, text }) => ({ id: name, text }))
  return {
    // Schemas sit one level up in a group's interface than in `components.schemas`.
    schemas: [...schemas].map(([name, member]) => ({ name, text: member.replace(/^ {4}/gm, "") })),
    operations,
    events: members(declaration("webhooks")),
    otherComponents: components.members.filter((member) => member !== schemasMember).map(textOf),
    users: schemaUsers(schemas, operations)
  }
}
