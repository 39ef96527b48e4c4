import { Clock, Context, Effect, Layer, Option, Stream } from "effect"
import { BlobStore, tenantBlobPrefix } from "../platform/BlobStore.js"
import { TenantNotFound } from "../platform/Errors.js"
import { type TarEntry, tarArchive } from "../platform/TarArchive.js"
import { TenantData } from "../platform/TenantData.js"
import { TenantService } from "../platform/TenantService.js"

/** What an archive's manifest names as its format, and the version of its layout. */
export const EXPORT_FORMAT = "servicekit-tenant-export"
export const EXPORT_VERSION = 1

/** Rows a part file holds at most: one page read from storage, in memory at once. */
const ROWS_PER_PART = 250
/** Keys a listing of the tenant's files asks for at once. */
const FILES_PER_LISTING = 100

/** What an archive holds, written last (`complete.json`): an archive cut short lacks it. */
export interface ExportTotals {
  /** Rows by kind (table), only kinds that held some. */
  readonly records: Record<string, number>
  readonly files: number
  readonly fileBytes: number
}

const README = (root: string) => `A ServiceKit tenant's data, as exported by the platform it lived on.

${root}/manifest.json          the format, when it was exported, the tenant itself, the kinds
${root}/records/KIND/N.jsonl   the tenant's rows of the table KIND, one JSON object a line, in parts
${root}/files/...              the tenant's stored files (chat attachments, captures), byte for byte
${root}/complete.json          the count of rows by kind and of files: an archive without it is cut short

On PostgreSQL a row is written as PostgreSQL writes it (row_to_json): a property per column,
timestamps in ISO 8601, bytes as \\x hex, JSON columns as JSON. Values a module encrypts at rest stay
encrypted under the platform's key. Rows are a snapshot of each page as it was read: suspend the
tenant first for an archive no write lands in the middle of.
`

const text = (value: string) => new TextEncoder().encode(value)
const json = (value: unknown) => text(`${JSON.stringify(value, null, 2)}\n`)

/**
 * Compressed as gzip on the way out, by the runtime's own CompressionStream (Node, Bun, browsers),
 * the bytes read on the fiber's runtime (its services, its logger) as the compressed stream is pulled.
 */
const gzip = (bytes: Stream.Stream<Uint8Array>) =>
  Effect.map(Stream.toReadableStreamEffect(bytes), (readable) =>
    Stream.orDie(
      Stream.fromReadableStream(
        () => readable.pipeThrough(new CompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>),
        (error) => error
      )
    )
  )

/**
 * A tenant's whole data as one archive, streamed as it is read: every row of every kind the modules
 * declare (TenantData), page by page, then its files (BlobStore), in a gzip-compressed tar that any
 * system reads. Nothing is held but one page or one file's chunk at a time; the archive is whole
 * only with its last entry, `complete.json`.
 */
export class TenantExport extends Context.Tag("@servicekit/core/TenantExport")<
  TenantExport,
  {
    /** The tenant's archive (`.tar.gz`); an unknown tenant fails at once, before any byte. */
    readonly archive: (tenantId: string) => Effect.Effect<Stream.Stream<Uint8Array>, TenantNotFound>
  }
>() {
  static readonly layer = Layer.effect(
    TenantExport,
    Effect.gen(function* () {
      const tenants = yield* TenantService
      const data = yield* TenantData
      const blobs = yield* BlobStore

      const entries = (tenant: { readonly id: string }, exportedAt: Date, manifest: unknown) =>
        Stream.suspend(() => {
          const root = `servicekit-tenant-${tenant.id}`
          const totals = { records: {} as Record<string, number>, files: 0, fileBytes: 0 }
          const entry = (name: string, body: TarEntry["body"]): TarEntry => ({ name: `${root}/${name}`, modifiedAt: exportedAt, body })

          const rowsOf = (kind: string) =>
            Stream.paginateEffect(null as string | null, (after) =>
              Effect.map(data.readSome(tenant.id, kind, after, ROWS_PER_PART), (page) => [
                page.lines,
                Option.fromNullable(page.next)
              ] as const)
            ).pipe(
              Stream.filter((lines) => lines.length > 0),
              Stream.zipWithIndex,
              Stream.map(([lines, index]) => {
                totals.records[kind] = (totals.records[kind] ?? 0) + lines.length
                return entry(`records/${kind}/${String(index + 1).padStart(6, "0")}.jsonl`, text(`${lines.join("\n")}\n`))
              })
            )

          const prefix = tenantBlobPrefix(tenant.id)
          const files = Stream.paginateEffect(undefined as string | undefined, (after) =>
            Effect.map(blobs.listUnder(prefix, after, FILES_PER_LISTING), (keys) => [
              keys,
              keys.length < FILES_PER_LISTING ? Option.none() : Option.some(keys[keys.length - 1])
            ] as const)
          ).pipe(
            Stream.flattenIterables,
            // A file removed since it was listed is left out.
            Stream.mapEffect((key) =>
              Effect.map(blobs.open(key), (opened) =>
                Option.map(opened, ({ size, body }) => {
                  totals.files += 1
                  totals.fileBytes += size
                  return entry(`files/${key.slice(prefix.length)}`, {
                    size,
                    bytes: Stream.orDie(Stream.fromReadableStream(() => body, (error) => error))
                  })
                })
              )
            ),
            Stream.filterMap((found) => found)
          )

          return Stream.make(entry("README.txt", text(README(root))), entry("manifest.json", json(manifest))).pipe(
            Stream.concat(Stream.flatMap(Stream.fromIterable(data.kinds), rowsOf, { concurrency: 1 })),
            Stream.concat(files),
            Stream.concat(Stream.suspend(() => Stream.make(entry("complete.json", json(totals satisfies ExportTotals)))))
          )
        })

      return {
        archive: (tenantId) =>
          Effect.gen(function* () {
            const tenant = yield* tenants.get(tenantId)
            const exportedAt = new Date(yield* Clock.currentTimeMillis)
            const manifest = {
              format: EXPORT_FORMAT,
              version: EXPORT_VERSION,
              exportedAt: exportedAt.toISOString(),
              tenant,
              kinds: data.kinds
            }
            return yield* gzip(tarArchive(entries(tenant, exportedAt, manifest)))
          })
      }
    })
  )
}
