import type { AnsweredRequest } from "@servicekit/core/internal"
import { Cause, HashMap, Layer, LogLevel, Logger } from "effect"

export type LogFormat = "text" | "json"
export type LogLevelName = "debug" | "info" | "warn" | "error" | "off"

const levels: Record<LogLevelName, LogLevel.LogLevel> = {
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warn: LogLevel.Warning,
  error: LogLevel.Error,
  off: LogLevel.None
}

/** Whether request lines (info) pass the configured level. */
export const logsRequests = (level: LogLevelName) => LogLevel.lessThanEqual(levels[level], LogLevel.Info)

type Fields = Record<string, string | number | undefined>

/**
 * One line per entry on stdout: a JSON object (`time`, `level`, `message`, then the fields) or a
 * readable line with the fields as `key=value`. Fields that are undefined are left out.
 */
export const formatLine = (format: LogFormat, level: string, message: string, fields: Fields): string => {
  const time = new Date().toISOString()
  if (format === "json") return JSON.stringify({ time, level, message, ...fields })
  let line = `${time} ${level.padEnd(5)} ${message}`
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue
    line += typeof value === "string" && /[\s"=]/.test(value) ? ` ${key}=${JSON.stringify(value)}` : ` ${key}=${value}`
  }
  return line
}

// Lines are written once per event-loop turn: stdout on a pipe or file writes synchronously,
// and a write per request costs a system call each. Pending lines are written at exit too.
let pending: Array<string> = []
const flush = () => {
  if (pending.length === 0) return
  const text = `${pending.join("\n")}\n`
  pending = []
  process.stdout.write(text)
}
process.once("exit", flush)

const write = (line: string) => {
  if (pending.push(line) === 1) setImmediate(flush)
}

/** Effect's log entries (warnings, errors, defects with their request id) in the chosen format. */
const lineLogger = (format: LogFormat) =>
  Logger.make(({ annotations, cause, logLevel, message }) => {
    const parts = Array.isArray(message) ? message : [message]
    const fields: Fields = {}
    for (const [key, value] of HashMap.toEntries(annotations)) fields[key] = String(value)
    if (!Cause.isEmpty(cause)) fields.cause = Cause.pretty(cause, { renderErrorCause: true })
    write(formatLine(format, logLevel.label, parts.map(String).join(" "), fields))
  })

/** The runtime's logger and minimum level. */
export const layerLogging = (format: LogFormat, level: LogLevelName): Layer.Layer<never> =>
  Layer.merge(Logger.replace(Logger.defaultLogger, lineLogger(format)), Logger.minimumLogLevel(levels[level]))

/** A request line: method, path, status and duration, the ids; never a key, token or query. */
export const requestLogger = (format: LogFormat) => ({
  observe: (request: AnsweredRequest) =>
    write(
      formatLine(
        format,
        "INFO",
        format === "json" ? "request" : `${request.method} ${request.path} ${request.status}`,
        {
          ...(format === "json" ? { method: request.method, path: request.path, status: request.status } : {}),
          route: request.route,
          durationMs: Math.round(request.durationMs * 100) / 100,
          requestId: request.requestId,
          tenantId: request.tenantId,
          clientIp: request.clientIp
        }
      )
    )
})
