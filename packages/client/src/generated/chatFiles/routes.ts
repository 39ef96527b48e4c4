// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatFiles group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatFilesRoutes = {
  /**
   * Upload a file to a conversation
   *
   * The body is the file's bytes (up to the account's `maxFileBytes`, at most 26214400; 413 `file_too_large`); its type is decided from the bytes (415 `file_type_not_allowed` outside the account's kinds). Nothing is stored when it is refused. Send its `id` in a message's `fileIds`. A conversation holds at most 200 files (409 `file_limit_reached`); they go with it.
   */
  "chatFiles.uploadConversationFile": ["POST", "/v1/chat/conversations/{id}/files", "400 401 403 404 405 409 413 415 429 500", "bytes"],
  /**
   * Upload a library file
   *
   * A library file, for canned responses' `fileIds`; a reply that carries it gets a copy of its own. The body is the file's bytes (up to the account's `maxFileBytes`, at most 26214400; 413 `file_too_large`); its type is decided from the bytes (415 `file_type_not_allowed` outside the account's kinds). Nothing is stored when it is refused. Send its `id` in a message's `fileIds`. The library holds at most 500 (409 `file_limit_reached`).
   */
  "chatFiles.uploadLibraryFile": ["POST", "/v1/chat/files", "400 401 403 405 409 413 415 429 500", "bytes"],
  /** A file, with a fresh link */
  "chatFiles.getChatFile": ["GET", "/v1/chat/files/{id}", "400 401 403 404 405 429 500"],
  /** The account's file rules */
  "chatFiles.getFileRules": ["GET", "/v1/chat/file-rules", "400 401 403 405 429 500"],
  /**
   * Change the account's file rules
   *
   * The fields given change; files already stored stay.
   */
  "chatFiles.setFileRules": ["PATCH", "/v1/chat/file-rules", "400 401 403 405 413 429 500"]
} as const
