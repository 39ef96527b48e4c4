// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatFileDownload group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatFileDownloadRoutes = {
  /**
   * Download a file
   *
   * The `url` of a ChatFile. The file's own type, `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy; `Content-Disposition: attachment` except for raster images. 404 `file_not_found` for a link the platform did not sign, 410 `file_link_expired` once its time is over.
   */
  "chatFileDownload.downloadChatFile": ["GET", "/public/chat/files/{id}", "400 404 405 410 500", "download"]
} as const
