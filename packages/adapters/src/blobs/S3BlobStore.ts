import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client
} from "@aws-sdk/client-s3"
import { BlobStore, checkBlobKey } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"

export interface S3BlobStoreOptions {
  readonly bucket: string
  /** Everything ServiceKit stores goes under this key prefix (e.g. `servicekit/`), or at the bucket's root. */
  readonly prefix?: string | undefined
  /** Another S3-compatible service (R2, MinIO) than AWS's own. */
  readonly endpoint?: string | undefined
  readonly region?: string | undefined
  /** `bucket` in the path rather than the host name: what MinIO and most local servers need. */
  readonly forcePathStyle?: boolean | undefined
  /** Without these the SDK's own chain applies (AWS_ACCESS_KEY_ID…, instance roles). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined
}

const notFound = (error: unknown) =>
  error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey" ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404

/**
 * Blobs in an S3-compatible object store (AWS S3, Cloudflare R2, MinIO) through the AWS SDK: any
 * host of a cluster reads what another wrote. Keys are the port's keys under the optional prefix.
 */
export const layerS3BlobStore = (options: S3BlobStoreOptions): Layer.Layer<BlobStore> =>
  Layer.scoped(
    BlobStore,
    Effect.map(
      Effect.acquireRelease(
        Effect.sync(
          () =>
            new S3Client({
              region: options.region ?? "us-east-1",
              ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
              forcePathStyle: options.forcePathStyle ?? false,
              ...(options.credentials === undefined ? {} : { credentials: { ...options.credentials } })
            })
        ),
        (client) => Effect.sync(() => client.destroy())
      ),
      (client): BlobStore["Type"] => {
        const Bucket = options.bucket
        const root = options.prefix ?? ""
        const send = <A>(run: (signal: AbortSignal) => Promise<A>) => Effect.promise(run)
        return {
          put: (key, bytes) =>
            Effect.zipRight(
              checkBlobKey(key),
              send((abortSignal) =>
                client.send(new PutObjectCommand({ Bucket, Key: root + key, Body: bytes, ContentLength: bytes.byteLength }), {
                  abortSignal
                })
              )
            ),
          open: (key) =>
            Effect.zipRight(
              checkBlobKey(key),
              send(async (abortSignal) => {
                try {
                  const object = await client.send(new GetObjectCommand({ Bucket, Key: root + key }), { abortSignal })
                  const body = object.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined
                  if (body === undefined) return Option.none()
                  return Option.some({ size: object.ContentLength ?? 0, body })
                } catch (error) {
                  if (notFound(error)) return Option.none()
                  throw error
                }
              })
            ),
          remove: (key) =>
            Effect.zipRight(
              checkBlobKey(key),
              send((abortSignal) => client.send(new DeleteObjectCommand({ Bucket, Key: root + key }), { abortSignal }))
            ),
          removeUnder: (prefix) =>
            Effect.zipRight(
              checkBlobKey(prefix, true),
              send(async (abortSignal) => {
                // A listing page holds at most 1,000 keys, what one DeleteObjects takes.
                while (true) {
                  const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: root + prefix }), {
                    abortSignal
                  })
                  const keys = (page.Contents ?? []).flatMap(({ Key }) => (Key === undefined ? [] : [{ Key }]))
                  if (keys.length > 0) {
                    await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }), {
                      abortSignal
                    })
                  }
                  if (page.IsTruncated !== true) return
                }
              })
            ),
          // S3 lists keys in UTF-8 byte order, which is code-unit order for the characters a key may hold.
          // A listing asks for a full page (1,000 keys) and keeps what it needs: fewer round trips than pages.
          listUnder: (prefix, after, limit) =>
            Effect.zipRight(
              checkBlobKey(prefix, true),
              send(async (abortSignal) => {
                const keys: Array<string> = []
                let startAfter = after === undefined ? undefined : root + after
                while (keys.length < limit) {
                  const page = await client.send(
                    new ListObjectsV2Command({
                      Bucket,
                      Prefix: root + prefix,
                      ...(startAfter === undefined ? {} : { StartAfter: startAfter })
                    }),
                    { abortSignal }
                  )
                  const found = (page.Contents ?? []).flatMap(({ Key }) => (Key === undefined ? [] : [Key]))
                  keys.push(...found.slice(0, limit - keys.length).map((key) => key.slice(root.length)))
                  if (page.IsTruncated !== true || found.length === 0) return keys
                  startAfter = found[found.length - 1]
                }
                return keys
              })
            )
        }
      }
    )
  )
