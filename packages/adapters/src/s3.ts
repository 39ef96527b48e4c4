/**
 * @servicekit/adapters/s3 — file bytes in an S3-compatible object store (S3, R2, MinIO) through the
 * AWS SDK; an entry of its own, loaded only where an object store is configured.
 */
export { type S3BlobStoreOptions, layerS3BlobStore } from "./blobs/S3BlobStore.js"
