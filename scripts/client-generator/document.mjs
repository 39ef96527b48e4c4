// The OpenAPI document the client is generated from, and where each of its operations belongs:
// its API group and, inside the group, its resource.

export const METHODS = ["get", "put", "post", "patch", "delete"]

/** Every operation of the document's paths with its method and path. */
export const pathOperations = (document) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({ path, method, operation: item[method] }))
  )

/** The API group an operation belongs to: its id's first part; webhook events go with the webhooks group. */
export const groupOf = (operationId) => {
  const group = operationId.split(".")[0]
  return group === "webhook" ? "webhooks" : group
}

/** An operation's name inside its group: its id without the group. */
export const nameOf = (operationId) => operationId.slice(operationId.indexOf(".") + 1)

const segmentsOf = (path) => path.split("/").filter((segment) => segment !== "")
const isParameter = (segment) => segment.startsWith("{")

/** The segments every one of the paths starts with. */
const commonPrefix = (paths) =>
  paths.map(segmentsOf).reduce((prefix, segments) => {
    let length = 0
    while (length < prefix.length && prefix[length] === segments[length]) length += 1
    return prefix.slice(0, length)
  })

/**
 * Each operation id's resource inside its group: the first path segment after the group's common
 * prefix that is not a parameter (`/growth/automations/runs/{id}/cancel` -> `runs`), or, for the
 * paths with no such segment, the prefix's own last segment (`/tenants/{tenantId}/webhooks/{id}`
 * -> `webhooks`). Webhook events, which have no path, are the resource `events`.
 */
export const resourcesOf = (document) => {
  const byGroup = new Map()
  for (const entry of pathOperations(document)) {
    const group = groupOf(entry.operation.operationId)
    byGroup.set(group, [...(byGroup.get(group) ?? []), entry])
  }
  const resources = new Map()
  for (const entries of byGroup.values()) {
    const prefix = commonPrefix(entries.map((entry) => entry.path))
    const root = prefix.filter((segment) => !isParameter(segment)).at(-1) ?? "root"
    for (const { path, operation } of entries) {
      const rest = segmentsOf(path).slice(prefix.length)
      resources.set(operation.operationId, rest.find((segment) => !isParameter(segment)) ?? root)
    }
  }
  for (const item of Object.values(document.webhooks ?? {})) {
    for (const method of METHODS) if (item[method] !== undefined) resources.set(item[method].operationId, "events")
  }
  return resources
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
