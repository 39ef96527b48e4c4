// The table of routes the client's runtime calls: operation id -> [method, path, documented error
// statuses, kind?], with each operation's summary as the entry's doc comment.
import { groupOf, pathOperations } from "./document.mjs"

/**
 * How the runtime calls an operation: `page` when it follows a cursor, `events` for server-sent
 * events, `socket` for a WebSocket upgrade (`socket+<name>` when its credential may go in the query
 * parameter `name`, as browsers cannot set a WebSocket's headers), `download` when it answers bytes
 * (a file, an archive: neither JSON nor text), `form` when its body is a form, `bytes` when its body
 * is bytes as they are (a file's).
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
  if (content.length > 0 && content.every((type) => !type.includes("json") && !type.startsWith("text/"))) return "download"
  const cursor = (operation.parameters ?? []).some((parameter) => parameter.in === "query" && parameter.name === "cursor")
  if (cursor) return "page"
  const body = operation.requestBody?.content ?? {}
  return "application/x-www-form-urlencoded" in body ? "form" : "application/octet-stream" in body ? "bytes" : undefined
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

/** The routes table's entries, each with its operation id and group. */
export const routeEntries = (document) =>
  pathOperations(document).map((entry) => {
    const { path, method, operation } = entry
    const errors = Object.keys(operation.responses)
      .filter((status) => Number(status) >= 400)
      .join(" ")
    const kind = kindOf(entry, document.components.securitySchemes)
    const fields = [method.toUpperCase(), path, errors, ...(kind === undefined ? [] : [kind])]
    return {
      id: operation.operationId,
      group: groupOf(operation.operationId),
      text: `${jsdoc(operation)}  ${JSON.stringify(operation.operationId)}: ${JSON.stringify(fields).replaceAll(",", ", ")}`
    }
  })
