import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Integer, Uuid, withReason, withoutNul } from "../http/Schemas.js"
import { MaxBodyBytes } from "../http/RequestContext.js"
import { ApiKeyAuth, DashboardAuth, RequiredScope } from "../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import { FILE_KINDS, MAX_FILE_NAME_LENGTH } from "../platform/FileTypes.js"
import { ConversationNotFound } from "./ChatErrors.js"
import { FileLimitReached, FileLinkExpired, FileNotFound, FileTooLarge, FileTypeNotAllowed } from "./ChatFileErrors.js"
import { FileJson } from "./ChatFileLinks.js"
import {
  MAX_FILES_PER_CONVERSATION,
  MAX_LIBRARY_FILES,
  MAX_UPLOAD_BYTES,
  MIN_FILE_BYTES_LIMIT,
  defaultFileRules
} from "./ChatFiles.js"

/** The file's bytes as the request body, whatever its Content-Type says: the type is decided from the bytes. */
export const FileBytes = HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" }).annotations({
  description: "The file's bytes, as they are (not multipart)."
})

export const UploadParams = Schema.Struct({
  name: withReason(withoutNul(Schema.String), `must be a file name of 1 to ${MAX_FILE_NAME_LENGTH} characters`).annotations({
    description: `The file's name as shown and offered for saving; control characters and path separators become \`_\`, and it is cut at ${MAX_FILE_NAME_LENGTH} characters.`
  })
})

export const FileRulesJson = Schema.Struct({
  maxFileBytes: Integer,
  kinds: Schema.Array(Schema.Literal(...FILE_KINDS))
}).annotations({
  identifier: "ChatFileRules",
  description: `What the account's chat takes, both ways: files up to \`maxFileBytes\` of these kinds (decided from the bytes). images: PNG, JPEG, GIF, WebP (shown inline); pdf; text: UTF-8 text (HTML and SVG included, only ever served to save); documents: Office and OpenDocument files, RTF; archives: zip, gzip, 7z, tar; audio; video. Defaults: ${defaultFileRules.maxFileBytes} bytes, ${defaultFileRules.kinds.join(", ")}.`
})

export const FileRulesChange = Schema.Struct({
  maxFileBytes: Schema.optional(
    withReason(Integer, `must be a whole number of bytes from ${MIN_FILE_BYTES_LIMIT} to ${MAX_UPLOAD_BYTES}`)
  ),
  kinds: Schema.optional(Schema.Array(withReason(withoutNul(Schema.String), `must be one of ${FILE_KINDS.join(", ")}`)))
}).annotations({ identifier: "ChatFileRulesChange" })

const UPLOAD = `The body is the file's bytes (up to the account's \`maxFileBytes\`, at most ${MAX_UPLOAD_BYTES}; 413 \`file_too_large\`); its type is decided from the bytes (415 \`file_type_not_allowed\` outside the account's kinds). Nothing is stored when it is refused. Send its \`id\` in a message's \`fileIds\`.`
export const IN_CONVERSATION = `${UPLOAD} A conversation holds at most ${MAX_FILES_PER_CONVERSATION} files (409 \`file_limit_reached\`); they go with it.`
const IN_LIBRARY = `A library file, for canned responses' \`fileIds\`; a reply that carries it gets a copy of its own. ${UPLOAD} The library holds at most ${MAX_LIBRARY_FILES} (409 \`file_limit_reached\`).`

const ConversationPath = Schema.Struct({ id: Uuid })
const FilePath = Schema.Struct({ id: Uuid })
const TenantPath = Schema.Struct({ tenantId: Uuid })
const TenantConversationPath = Schema.Struct({ tenantId: Uuid, id: Uuid })

/** An upload: the bytes as the body, up to the largest size any account may allow, the name in the query. */
export const fileUpload = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  HttpApiEndpoint.post(name, path)
    .setUrlParams(UploadParams)
    .setPayload(FileBytes)
    .addSuccess(FileJson)
    .addError(ValidationFailed)
    .addError(FileTooLarge)
    .addError(FileTypeNotAllowed)
    .addError(FileLimitReached)
    .annotate(MaxBodyBytes, MAX_UPLOAD_BYTES)

const conversationUpload = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  fileUpload(name, path)
    .addError(ConversationNotFound)
    .annotate(OpenApi.Summary, "Upload a file to a conversation")
    .annotate(OpenApi.Description, IN_CONVERSATION)

const libraryUpload = <const Name extends string, const Path extends `/${string}`>(name: Name, path: Path) =>
  fileUpload(name, path).annotate(OpenApi.Summary, "Upload a library file")

/** Files over API keys: read with chat:read, uploaded and ruled with chat:write. */
export class ChatFilesApi extends HttpApiGroup.make("chatFiles")
  .add(conversationUpload("uploadConversationFile", "/chat/conversations/:id/files").setPath(ConversationPath).annotate(RequiredScope, "chat:write"))
  .add(libraryUpload("uploadLibraryFile", "/chat/files").annotate(RequiredScope, "chat:write").annotate(OpenApi.Description, IN_LIBRARY))
  .add(
    HttpApiEndpoint.get("getChatFile", "/chat/files/:id")
      .setPath(FilePath)
      .addSuccess(FileJson)
      .addError(FileNotFound)
      .annotate(OpenApi.Summary, "A file, with a fresh link")
  )
  .add(HttpApiEndpoint.get("getFileRules", "/chat/file-rules").addSuccess(FileRulesJson).annotate(OpenApi.Summary, "The account's file rules"))
  .add(
    HttpApiEndpoint.patch("setFileRules", "/chat/file-rules")
      .setPayload(FileRulesChange)
      .addSuccess(FileRulesJson)
      .addError(ValidationFailed)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Change the account's file rules")
      .annotate(OpenApi.Description, "The fields given change; files already stored stay.")
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "chat:read")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Live Chat files")
  .annotate(OpenApi.Description, "Files of conversations and of the library for canned responses (API key, scopes chat:read, chat:write).") {}

/** Files in the tenant's dashboard: agents upload to conversations; admins keep the library and the rules. */
export class ChatFilesDashboardApi extends HttpApiGroup.make("chatFilesDashboard")
  .add(conversationUpload("uploadAgentFile", "/tenants/:tenantId/chat/conversations/:id/files").setPath(TenantConversationPath))
  .add(
    libraryUpload("uploadAgentLibraryFile", "/tenants/:tenantId/chat/files")
      .setPath(TenantPath)
      .annotate(OpenApi.Description, `Admins only. ${IN_LIBRARY}`)
  )
  .add(
    HttpApiEndpoint.get("getAgentFileRules", "/tenants/:tenantId/chat/file-rules")
      .setPath(TenantPath)
      .addSuccess(FileRulesJson)
      .annotate(OpenApi.Summary, "The account's file rules")
  )
  .add(
    HttpApiEndpoint.patch("setAgentFileRules", "/tenants/:tenantId/chat/file-rules")
      .setPath(TenantPath)
      .setPayload(FileRulesChange)
      .addSuccess(FileRulesJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Change the account's file rules")
      .annotate(OpenApi.Description, "Admins only; the fields given change.")
  )
  .addError(PermissionDenied)
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Live Chat files (agents)")
  .annotate(OpenApi.Description, "Files for the account's agents (dashboard token of the path's tenant).") {}

export const DownloadParams = Schema.Struct({
  tenant: Uuid,
  expires: Schema.NumberFromString.pipe(Schema.int()),
  signature: withoutNul(Schema.String)
})

/** The download a file's signed link leads to: no credential but the link. */
export class ChatFileDownloadApi extends HttpApiGroup.make("chatFileDownload")
  .add(
    HttpApiEndpoint.get("downloadChatFile", "/public/chat/files/:id")
      .setPath(FilePath)
      .setUrlParams(DownloadParams)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" }))
      .addError(ValidationFailed)
      .addError(FileNotFound)
      .addError(FileLinkExpired)
      .annotate(OpenApi.Summary, "Download a file")
      .annotate(
        OpenApi.Description,
        "The `url` of a ChatFile. The file's own type, `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy; `Content-Disposition: attachment` except for raster images. 404 `file_not_found` for a link the platform did not sign, 410 `file_link_expired` once its time is over."
      )
  )
  .annotate(OpenApi.Title, "Live Chat file downloads")
  .annotate(OpenApi.Description, "A file's signed link: no credential beyond the link, which expires.") {}
