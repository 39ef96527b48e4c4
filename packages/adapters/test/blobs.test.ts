import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import S3rver from "s3rver"
import { afterAll, beforeAll } from "vitest"
import { layerFolderBlobStore } from "@servicekit/adapters/blobs"
import { layerS3BlobStore } from "@servicekit/adapters/s3"
import { blobStoreConformance } from "@servicekit/conformance"
import { BlobStore } from "@servicekit/core/internal"

const folder = mkdtempSync(join(tmpdir(), "servicekit-blobs-"))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

// A local S3-compatible server: the SDK's requests, signatures and listings go over real HTTP.
let s3Endpoint = ""
const s3Folder = mkdtempSync(join(tmpdir(), "servicekit-s3rver-"))
const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: s3Folder,
  configureBuckets: [{ name: "servicekit-files", configs: [] }]
})
beforeAll(async () => {
  const { port } = await server.run()
  s3Endpoint = `http://127.0.0.1:${port}`
})
afterAll(async () => {
  await server.close()
  rmSync(s3Folder, { recursive: true, force: true })
})

blobStoreConformance("memory", () => BlobStore.layerMemory)
blobStoreConformance("data folder", () => layerFolderBlobStore({ directory: folder }))
blobStoreConformance("S3 (s3rver)", () =>
  Layer.unwrapEffect(
    Effect.sync(() =>
      layerS3BlobStore({
        bucket: "servicekit-files",
        prefix: "kit/",
        endpoint: s3Endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }
      })
    )
  )
)
