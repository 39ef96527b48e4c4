import { parse as parseCsv } from "csv-parse/sync"
import { Effect } from "effect"
import { type Command, UsageError, requiredFlag } from "../module/ProductModule.js"
import { CallingService } from "./CallingService.js"

const NUMERIC_COLUMNS = new Set(["durationSecs", "mosScore"])

/** Call records from a JSON array (or `{ "calls": [...] }`) or a CSV file with a header row; empty CSV cells are absent. */
export const parseCallFile = (file: string, text: string): Effect.Effect<ReadonlyArray<unknown>, UsageError> =>
  Effect.try({
    try: () => {
      if (file.toLowerCase().endsWith(".csv")) {
        const rows = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true }) as Array<
          Record<string, string>
        >
        return rows.map((row) =>
          Object.fromEntries(
            Object.entries(row)
              .filter(([, value]) => value !== "")
              .map(([column, value]) => [column, NUMERIC_COLUMNS.has(column) ? Number(value) : value])
          )
        )
      }
      const parsed = JSON.parse(text)
      const calls = Array.isArray(parsed) ? parsed : parsed?.calls
      if (!Array.isArray(calls)) throw new Error(`${file} must hold a JSON array of calls or { "calls": [...] }`)
      return calls as ReadonlyArray<unknown>
    },
    catch: (error) => new UsageError({ message: `${file}: ${(error as Error).message}` })
  })

export const callingCommands: ReadonlyArray<Command> = [
  {
    name: "calls import",
    usage: "calls import --tenant ID FILE.json|FILE.csv",
    flags: ["tenant"],
    run: (input) =>
      Effect.gen(function* () {
        const tenantId = yield* requiredFlag(input, "tenant")
        if (input.args.length !== 1) return yield* new UsageError({ message: "calls import takes exactly one FILE" })
        const records = yield* parseCallFile(input.args[0], yield* input.readFile(input.args[0]))
        const result = yield* Effect.flatMap(CallingService, (calling) => calling.ingest(tenantId, records))
        return {
          json: result,
          text: `Imported ${result.inserted} of ${result.received} calls (${result.skipped} already present).`
        }
      })
  }
]
