import { randomUUID } from "node:crypto"
import { mkdir, open, readdir, rename, rm, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"
import { Readable } from "node:stream"
import { BlobStore, checkBlobKey, pageOfKeys } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"

export interface FolderBlobStoreOptions {
  /** The folder blobs live in, one file per key; made when the first blob is stored. */
  readonly directory: string
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT"

/** A blob being written (see `put`): not a blob until renamed into place. */
const PARTIAL = /\.[0-9a-f-]{36}\.partial$/

/** The keys of the files under `folder` (named by `key`), at any depth; none when it is missing. */
const keysUnder = async (folder: string, key: string): Promise<Array<string>> => {
  const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
    if (missing(error)) return []
    throw error
  })
  const keys = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? keysUnder(join(folder, entry.name), `${key}${entry.name}/`)
        : entry.isFile() && !PARTIAL.test(entry.name)
          ? [`${key}${entry.name}`]
          : []
    )
  )
  return keys.flat()
}

/**
 * Blobs as files in a folder of the data folder: the embedded default. A blob is written to a file
 * of its own and renamed into place, so a reader sees the whole of it or nothing. Several hosts can
 * share it only through a shared file system; a cluster uses an object store.
 */
export const makeFolderBlobStore = (options: FolderBlobStoreOptions): BlobStore["Type"] => {
  const pathOf = (key: string) => join(options.directory, ...key.split("/"))
  return {
    put: (key, bytes) =>
      Effect.zipRight(
        checkBlobKey(key),
        Effect.promise(async () => {
          const path = pathOf(key)
          await mkdir(dirname(path), { recursive: true })
          const partial = `${path}.${randomUUID()}.partial`
          try {
            await writeFile(partial, bytes)
            await rename(partial, path)
          } catch (error) {
            await rm(partial, { force: true })
            throw error
          }
        })
      ),
    open: (key) =>
      Effect.zipRight(
        checkBlobKey(key),
        Effect.promise(async () => {
          const handle = await open(pathOf(key), "r").catch((error: unknown) => {
            if (missing(error)) return undefined
            throw error
          })
          if (handle === undefined) return Option.none()
          try {
            const { size } = await handle.stat()
            // The stream owns the handle from here and closes it when done or cancelled.
            const body = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>
            return Option.some({ size, body })
          } catch (error) {
            await handle.close()
            throw error
          }
        })
      ),
    remove: (key) => Effect.zipRight(checkBlobKey(key), Effect.promise(() => rm(pathOf(key), { force: true }))),
    removeUnder: (prefix) =>
      Effect.zipRight(
        checkBlobKey(prefix, true),
        Effect.promise(() => rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true }))
      ),
    // The folder is walked whole for each page: a tenant's files are read page by page only by its export.
    listUnder: (prefix, after, limit) =>
      Effect.zipRight(
        checkBlobKey(prefix, true),
        Effect.promise(async () => pageOfKeys(await keysUnder(pathOf(prefix.slice(0, -1)), prefix), prefix, after, limit))
      )
  }
}

export const layerFolderBlobStore = (options: FolderBlobStoreOptions): Layer.Layer<BlobStore> =>
  Layer.sync(BlobStore, () => makeFolderBlobStore(options))
