import { Chunk, Schema, Stream } from "effect"
import type { Call } from "./Call.js"
import { CallJson } from "./CallingApi.js"

export type ExportFormat = "csv" | "json"

/** What the export route's documentation says. */
export const CallExportNote =
  "Calls started in [from, to) (full timestamps; either may be left out), newest first, optionally of one " +
  "direction and one result. `format=csv` (the default) answers RFC 4180 CSV with a header line and CRLF " +
  "line ends; `format=json` a JSON array of calls. Streamed, so any size can be exported. About 5 exports " +
  "a minute per tenant: more answer 429 with Retry-After."

/** The CSV columns, in order: the fields of a Call as the API shows it. */
export const CSV_COLUMNS = [
  "id",
  "fromId",
  "toId",
  "direction",
  "durationSecs",
  "result",
  "startedAt",
  "endedAt",
  "callSid",
  "mosScore"
] as const

// RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled.
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

const csvValue = (value: unknown) => (value === null ? "" : value instanceof Date ? value.toISOString() : String(value))

const csvLine = (call: Call) => `${CSV_COLUMNS.map((column) => csvField(csvValue(call[column]))).join(",")}\r\n`

const encodeCall = Schema.encodeSync(CallJson)

/**
 * Calls as a CSV document (RFC 4180: a header line, CRLF line ends) or a JSON array, written a
 * page of calls at a time: one string per page rather than one per row.
 */
export const encodeExport = (format: ExportFormat, calls: Stream.Stream<Call>): Stream.Stream<Uint8Array> => {
  const body =
    format === "csv"
      ? Stream.concat(
          Stream.make(`${CSV_COLUMNS.join(",")}\r\n`),
          Stream.mapChunks(calls, (page) => Chunk.of(Chunk.join(Chunk.map(page, csvLine), "")))
        )
      : Stream.concat(
          Stream.concat(
            Stream.make("["),
            calls.pipe(
              Stream.zipWithIndex,
              Stream.mapChunks((page) =>
                Chunk.of(
                  Chunk.join(
                    Chunk.map(
                      page,
                      ([call, index]) => `${index === 0 ? "" : ","}\n${JSON.stringify(encodeCall(call))}`
                    ),
                    ""
                  )
                )
              )
            )
          ),
          Stream.make("\n]\n")
        )
  return Stream.encodeText(body)
}
