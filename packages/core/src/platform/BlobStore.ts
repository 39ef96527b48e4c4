import { Context, Effect, Layer, Option } from "effect"

/** A stored blob as read back: its size in bytes and its bytes as a stream. */
export interface StoredBlob {
  readonly size: number
  readonly body: ReadableStream<Uint8Array>
}

/** Keys are `/`-separated segments of letters, digits, `.`, `_` and `-`, none of them `.` or `..`. */
const KEY = /^(?!\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._-]+)*$/

/** Whether `key` can name a blob: what every store accepts, so a key never escapes its folder or bucket. */
export const isBlobKey = (key: string) => key.length <= 512 && KEY.test(key)

/** Whether `prefix` can name a folder of blobs: a key followed by `/`. */
export const isBlobPrefix = (prefix: string) => prefix.endsWith("/") && isBlobKey(prefix.slice(0, -1))

/** Where a tenant's blobs live: every module keys its blobs under it, and deleting the tenant removes it. */
export const tenantBlobPrefix = (tenantId: string) => `tenants/${tenantId}/`

/**
 * Where file bytes live, apart from the rows that describe them: in memory (tests), the data folder
 * (the embedded default) or an S3-compatible object store (S3, R2, MinIO). Keys are chosen by the
 * module that owns the blobs and start with the tenant (`tenants/{tenantId}/…`), so that a tenant's
 * blobs go with `removeUnder`. A store that cannot be reached is a defect of the request, as a
 * database that cannot be reached is.
 */
export class BlobStore extends Context.Tag("@servicekit/core/BlobStore")<
  BlobStore,
  {
    /** Stores the bytes under the key, replacing any blob there; readers never see part of it. */
    readonly put: (key: string, bytes: Uint8Array) => Effect.Effect<void>
    /** The blob under the key, or none. */
    readonly open: (key: string) => Effect.Effect<Option.Option<StoredBlob>>
    /** Removes the blob under the key; removing what is not there is not an error. */
    readonly remove: (key: string) => Effect.Effect<void>
    /** Removes every blob whose key starts with `prefix` (a key ending in `/`). */
    readonly removeUnder: (prefix: string) => Effect.Effect<void>
    /**
     * Up to `limit` keys starting with `prefix` (a key ending in `/`), in code-unit order, each after
     * `after` when given: page after page, the last key of one page is the `after` of the next.
     */
    readonly listUnder: (prefix: string, after: string | undefined, limit: number) => Effect.Effect<ReadonlyArray<string>>
  }
>() {
  /** Blobs in a map of this process: for tests and for kits that keep nothing. */
  static readonly layerMemory: Layer.Layer<BlobStore> = Layer.sync(BlobStore, () => makeMemoryBlobStore())
}

/** Dies on a key no store accepts: a fault of the module choosing keys, never of a request. */
export const checkBlobKey = (key: string, prefix = false) =>
  (prefix ? isBlobPrefix(key) : isBlobKey(key))
    ? Effect.void
    : Effect.dieMessage(`not a blob ${prefix ? "prefix" : "key"}: ${JSON.stringify(key)}`)

/** A stream of the bytes, in one chunk. */
export const streamOf = (bytes: Uint8Array): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes)
      controller.close()
    }
  })

/** The page of `keys` that `listUnder` answers, for stores that read every key under the prefix. */
export const pageOfKeys = (keys: ReadonlyArray<string>, prefix: string, after: string | undefined, limit: number) =>
  keys
    .filter((key) => key.startsWith(prefix) && (after === undefined || key > after))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)

const makeMemoryBlobStore = (): BlobStore["Type"] => {
  const blobs = new Map<string, Uint8Array>()
  return {
    put: (key, bytes) => Effect.zipRight(checkBlobKey(key), Effect.sync(() => void blobs.set(key, bytes.slice()))),
    open: (key) =>
      Effect.zipRight(
        checkBlobKey(key),
        Effect.sync(() =>
          Option.map(Option.fromNullable(blobs.get(key)), (bytes) => ({
            size: bytes.byteLength,
            body: streamOf(bytes.slice())
          }))
        )
      ),
    remove: (key) => Effect.zipRight(checkBlobKey(key), Effect.sync(() => void blobs.delete(key))),
    removeUnder: (prefix) =>
      Effect.zipRight(
        checkBlobKey(prefix, true),
        Effect.sync(() => {
          for (const key of [...blobs.keys()]) if (key.startsWith(prefix)) blobs.delete(key)
        })
      ),
    listUnder: (prefix, after, limit) =>
      Effect.zipRight(
        checkBlobKey(prefix, true),
        Effect.sync(() => pageOfKeys([...blobs.keys()], prefix, after, limit))
      )
  }
}
