import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { ApiCaller, requireTenant, requireTenantAdmin } from "../http/Security.js"
import { isInlineType } from "../platform/FileTypes.js"
import { FileLinkExpired, FileNotFound } from "./ChatFileErrors.js"
import { ChatFileLinks, type FileLinker } from "./ChatFileLinks.js"
import { type ChatFile, type FileRules, fileRefOf } from "./ChatFiles.js"
import { ChatFileService } from "./ChatFileService.js"
import { ChatFileDownloadApi, ChatFilesApi, ChatFilesDashboardApi } from "./ChatFilesApi.js"

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)

/** A file as JSON, with a link signed once the file is had. */
export const fileEncoder =
  (linker: Effect.Effect<FileLinker>) =>
  <E, R>(file: Effect.Effect<ChatFile, E, R>) =>
    Effect.zipWith(file, linker, (stored, link) => link(stored.tenantId, fileRefOf(stored)))

const rulesJson = (rules: FileRules) => ({ maxFileBytes: rules.maxFileBytes, kinds: [...rules.kinds] })

export const chatFilesHandlers = implement(
  ChatFilesApi,
  Effect.gen(function* () {
    const files = yield* ChatFileService
    const json = fileEncoder((yield* ChatFileLinks).linker)
    return {
      uploadConversationFile: ({ path, payload, urlParams }) =>
        json(
          Effect.flatMap(tenant, (tenantId) => files.upload(tenantId, path.id, { type: "api", id: null }, urlParams.name, payload))
        ),
      uploadLibraryFile: ({ payload, urlParams }) =>
        json(Effect.flatMap(tenant, (tenantId) => files.uploadToLibrary(tenantId, { type: "api", id: null }, urlParams.name, payload))),
      getChatFile: ({ path }) => json(Effect.flatMap(tenant, (tenantId) => files.get(tenantId, path.id))),
      getFileRules: () => Effect.map(Effect.flatMap(tenant, files.rules), rulesJson),
      setFileRules: ({ payload }) => Effect.map(Effect.flatMap(tenant, (tenantId) => files.setRules(tenantId, payload)), rulesJson)
    }
  })
)

export const chatFilesDashboardHandlers = implement(
  ChatFilesDashboardApi,
  Effect.gen(function* () {
    const files = yield* ChatFileService
    const json = fileEncoder((yield* ChatFileLinks).linker)
    return {
      uploadAgentFile: ({ path, payload, urlParams }) =>
        json(
          Effect.flatMap(requireTenant(path.tenantId), (session) =>
            files.upload(path.tenantId, path.id, { type: "agent", id: session.sub }, urlParams.name, payload)
          )
        ),
      uploadAgentLibraryFile: ({ path, payload, urlParams }) =>
        json(
          Effect.flatMap(requireTenantAdmin(path.tenantId), (session) =>
            files.uploadToLibrary(path.tenantId, { type: "agent", id: session.sub }, urlParams.name, payload)
          )
        ),
      getAgentFileRules: ({ path }) => Effect.map(Effect.zipRight(requireTenant(path.tenantId), files.rules(path.tenantId)), rulesJson),
      setAgentFileRules: ({ path, payload }) =>
        Effect.map(Effect.zipRight(requireTenantAdmin(path.tenantId), files.setRules(path.tenantId, payload)), rulesJson)
    }
  })
)

/** `filename*` (RFC 6266, 5987) for any name, and a plain ASCII `filename` for old clients. */
const disposition = (file: ChatFile) => {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\%]/g, "_")
  const kind = isInlineType(file.contentType) ? "inline" : "attachment"
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`
}

export const chatFileDownloadHandlers = implement(
  ChatFileDownloadApi,
  Effect.gen(function* () {
    const files = yield* ChatFileService
    const links = yield* ChatFileLinks
    return {
      downloadChatFile: ({ path, urlParams }) =>
        Effect.gen(function* () {
          const verdict = yield* links.check(urlParams.tenant, path.id, urlParams.expires, urlParams.signature)
          if (verdict === "forged") return yield* Effect.fail(new FileNotFound())
          if (verdict === "expired") return yield* Effect.fail(new FileLinkExpired())
          const { body, file } = yield* files.read(urlParams.tenant, path.id)
          return HttpServerResponse.raw(body, {
            contentType: file.contentType,
            headers: {
              "content-length": String(file.size),
              "content-disposition": disposition(file),
              "x-content-type-options": "nosniff",
              // Whatever a browser makes of it, it runs nothing and loads nothing.
              "content-security-policy": "default-src 'none'; sandbox",
              "cross-origin-resource-policy": "cross-origin",
              "cache-control": "private, max-age=3600"
            }
          })
        })
    }
  })
)
