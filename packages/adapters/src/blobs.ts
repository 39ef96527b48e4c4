/** @servicekit/adapters/blobs — file bytes in a folder: the embedded default's blob store. */
export { type FolderBlobStoreOptions, layerFolderBlobStore, makeFolderBlobStore } from "./blobs/FolderBlobStore.js"
