// The sections of the generated contract, each written by sectionModules: per API group its own
// schemas, operations and routes (and the webhooks group its events), plus the schemas several
// groups share. Each says how its items are cut when it does not fit in one module.
import { groupOf, nameOf } from "./document.mjs"
import { pascal, sectionModules } from "./modules.mjs"

export const ROUTES_DOC =
  "/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */\n"

const block = (declaration, members) => `${declaration} {\n${members.join("\n")}\n}\n`

/** A part's header line: the section's, and the keys that lead to the part. */
const describe = (what) => (path) => (path.length === 0 ? what : `${what}: ${path.join(" / ")}`)

/** A section of types: one interface per module, the index extending them all. */
const typeSection = ({ base, name, what }) => ({
  base,
  name,
  what: describe(what),
  body: (declared, items) => block(`export interface ${declared}`, items.map((item) => item.text)),
  join: (declared, parts) =>
    parts.map((part) => `import type { ${part.name} } from "${part.from}"\n`).join("") +
    `\nexport interface ${declared} extends ${parts.map((part) => part.name).join(", ")} {}\n`
})

/** The routes table's section: one object per module, the index spreading them into one. */
const routeSection = ({ base, name, what }) => ({
  base,
  name,
  what: describe(what),
  body: (declared, items) =>
    ROUTES_DOC + `export const ${declared} = {\n${items.map((item) => item.text).join(",\n")}\n} as const\n`,
  join: (declared, parts) =>
    parts.map((part) => `import { ${part.name} } from "${part.from}"\n`).join("") +
    `\n${ROUTES_DOC}export const ${declared} = {\n${parts.map((part) => `  ...${part.name}`).join(",\n")}\n} as const\n`
})

const typeName = (unit, suffix) => (path) => `${pascal(unit)}${path.map(pascal).join("")}${suffix}`

/**
 * A group's name stem, which its sibling groups share: `automationRuns`, `automationsDashboard`
 * -> `automation`; `chatVisitor` -> `chat`.
 */
const stemOf = (group) => group.match(/^[a-z0-9]+/)[0].replace(/s$/, "")

/**
 * Where each schema goes: the one group whose operations use it, or `shared`, cut by family (the
 * stem of the groups that use it, `common` across stems), then into errors and the rest, then by
 * owner (the first group using it, a public one before its dashboard twin), then one by one.
 */
const schemaPlaces = (contract, resources, groups) => {
  const rank = new Map(groups.map((group, index) => [group, index]))
  return contract.schemas.map((schema) => {
    const ids = [...contract.users.get(schema.name)]
    const users = [...new Set(ids.map(groupOf))].sort((a, b) => rank.get(a) - rank.get(b))
    if (users.length === 1) {
      // A group's own schemas are cut by the resource whose operations use them.
      const used = new Set(ids.map((id) => resources.get(id)))
      return { ...schema, home: users[0], keys: [used.size === 1 ? [...used][0] : "common", schema.name] }
    }
    const stems = new Set(users.map(stemOf))
    const family = stems.size === 1 ? [...stems][0] : "common"
    const owner = users.find((group) => !group.endsWith("Dashboard")) ?? users[0] ?? "common"
    const kind = schema.name.endsWith("Error") ? "errors" : "schemas"
    return { ...schema, home: "shared", keys: [family, kind, owner, schema.name] }
  })
}

/**
 * Every section's modules, by file, and the entries the contract's index imports: per group its
 * `schemas`, `operations`, `routes` (those it has) and, for the webhooks group, `events`.
 */
export const contractSections = (contract, routes, resources, groups) => {
  const schemas = schemaPlaces(contract, resources, groups)
  const files = {}
  /** Writes a section's modules into `files`; its entry, or nothing for a section with no items. */
  const write = (section, items) => {
    if (items.length === 0) return undefined
    const modules = sectionModules(section, items)
    Object.assign(files, modules.files)
    return modules.entry
  }
  const byResource = (item) => ({ ...item, keys: [resources.get(item.id), nameOf(item.id)] })
  const groupSections = (group) => ({
    schemas: write(
      typeSection({ base: `${group}/schemas`, name: typeName(group, "Schemas"), what: `the schemas only the ${group} group uses` }),
      schemas.filter((schema) => schema.home === group)
    ),
    operations: write(
      typeSection({ base: `${group}/operations`, name: typeName(group, "Operations"), what: `the ${group} group's operations` }),
      contract.operations.filter((operation) => groupOf(operation.id) === group).map(byResource)
    ),
    routes: write(
      routeSection({
        base: `${group}/routes`,
        name: (path) => `${group}${path.map(pascal).join("")}Routes`,
        what: `the ${group} group's routes`
      }),
      routes.filter((route) => route.group === group).map(byResource)
    )
  })
  const byGroup = groups.map(groupSections)
  const shared = write(
    typeSection({ base: "shared", name: typeName("shared", "Schemas"), what: "the schemas the operations of several groups use" }),
    schemas.filter((schema) => schema.home === "shared")
  )
  const events = write(
    typeSection({
      base: "webhooks/events",
      name: (path) => (path.length === 0 ? "webhooks" : typeName("webhook", "Event")(path)),
      what: "the webhook events, each the operation a receiver answers"
    }),
    contract.events.map((event) => ({ ...event, keys: [event.name] }))
  )
  return { files, byGroup, shared, events }
}
