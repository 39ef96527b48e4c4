import { Data } from "effect"
import { redactUrl } from "../Urls.js"

/**
 * The database cannot be opened or reached at start. The message names the cause and what to
 * do about it, because it is what an operator reads when the process refuses to start.
 */
export class DatabaseUnavailable extends Data.TaggedError("DatabaseUnavailable")<{
  readonly message: string
  readonly cause: unknown
}> {}

interface DriverError {
  readonly message?: string
  readonly code?: string
}

// Node reports a refused dual-stack connect (`localhost` on ::1 and 127.0.0.1) as an
// AggregateError whose own message is empty: the first attempt says what happened.
const driverError = (error: unknown): DriverError => {
  const first = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error
  return typeof first === "object" && first !== null ? (first as DriverError) : { message: String(first) }
}

/** A driver error's own words, never empty. */
export const reasonOf = (error: unknown): string => {
  const { message, code } = driverError(error)
  return message !== undefined && message !== "" ? message : (code ?? "unknown error")
}

/** Why Postgres at `url` could not be reached or used, and what to do. */
export const postgresUnavailable = (url: string, cause: unknown): DatabaseUnavailable => {
  const where = redactUrl(url)
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  const database = decodeURIComponent(parsed?.pathname.slice(1) ?? "") || "postgres"
  const user = decodeURIComponent(parsed?.username ?? "") || "(the default user)"
  const { code } = driverError(cause)
  const reason = reasonOf(cause)
  const message = (() => {
    switch (code) {
      case "ECONNREFUSED":
        return `PostgreSQL at ${where} refused the connection (${reason}). Start PostgreSQL, or set DATABASE_URL to a server that is running.`
      case "ENOTFOUND":
      case "EAI_AGAIN":
        return `The host of DATABASE_URL (${where}) does not resolve (${reason}). Check the host name.`
      case "ETIMEDOUT":
      case "ECONNRESET":
        return `PostgreSQL at ${where} did not answer (${reason}). Check that it is running and reachable from this machine.`
      case "3D000":
        return `The database "${database}" does not exist on ${where}. Create it (e.g. \`createdb ${database}\`) or set DATABASE_URL to an existing database.`
      case "28P01":
      case "28000":
        return `PostgreSQL at ${where} refused the login of user "${user}": ${reason}. Check the user and password in DATABASE_URL.`
      case "53300":
        return `PostgreSQL at ${where} has no connection left (${reason}). Raise max_connections or lower the number of processes.`
      default:
        return `Cannot use PostgreSQL at ${where}: ${reason}.`
    }
  })()
  return new DatabaseUnavailable({ message, cause })
}

/** Why the embedded database in `folder` could not be opened, and what to do. */
export const pgliteUnavailable = (folder: string | undefined, cause: unknown): DatabaseUnavailable =>
  new DatabaseUnavailable({
    message:
      folder === undefined
        ? `Cannot start the in-memory embedded database: ${reasonOf(cause)}.`
        : `Cannot open the embedded database in ${folder}: ${reasonOf(cause)}. If the folder is damaged or was written ` +
          `by another PGlite version, move it aside to start with a fresh database, or set SERVICEKIT_DATA_DIR to another folder.`,
    cause
  })
