import { Clock, Context, Effect, Layer, Option } from "effect"
import { BlobStore } from "../platform/BlobStore.js"
import { SecretCrypto, isUuid, randomUuid } from "../platform/Crypto.js"
import { invalidField } from "../platform/Errors.js"
import { FILE_KINDS, type FileKind, cleanFileName, kindOfType, sniffFileType } from "../platform/FileTypes.js"
import type { ValidationFailed } from "../platform/Errors.js"
import { ConversationNotFound } from "./ChatErrors.js"
import { FileLimitReached, FileNotFound, FileTooLarge, FileTypeNotAllowed } from "./ChatFileErrors.js"
import {
  type ChatFile,
  ChatFileRepository,
  type FileRef,
  type FileRules,
  MAX_FILES_PER_CONVERSATION,
  MAX_LIBRARY_FILES,
  MAX_UPLOAD_BYTES,
  MIN_FILE_BYTES_LIMIT,
  fileBlobKey,
  fileRefOf
} from "./ChatFiles.js"
import type { Author } from "./ChatInputs.js"
import { ensureWidgetOf } from "./ChatChanges.js"
import { ConversationRepository } from "./ChatRepositories.js"
import { WidgetRepository } from "./WidgetRepository.js"

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`

/** Changes to a tenant's file rules; what is left out stays. */
export interface FileRulesPatch {
  readonly maxFileBytes?: number | undefined
  readonly kinds?: ReadonlyArray<string> | undefined
}

export const FILE_KINDS_RULE = `a list of kinds among ${FILE_KINDS.join(", ")}`

/**
 * Live Chat's files: uploads checked against the tenant's rules (size, and the kind decided from
 * the bytes), their bytes in the blob store and their rows beside the conversation; the files a
 * message or canned response may carry; and the download a signed link leads to.
 */
export class ChatFileService extends Context.Tag("@servicekit/core/ChatFileService")<
  ChatFileService,
  {
    /** Stores a file in the conversation. */
    readonly upload: (
      tenantId: string,
      conversationId: string,
      author: Author,
      name: string,
      bytes: Uint8Array
    ) => Effect.Effect<ChatFile, ConversationNotFound | FileTooLarge | FileTypeNotAllowed | FileLimitReached>
    /** Stores a file in the tenant's library, for canned responses. */
    readonly uploadToLibrary: (
      tenantId: string,
      author: Author,
      name: string,
      bytes: Uint8Array
    ) => Effect.Effect<ChatFile, FileTooLarge | FileTypeNotAllowed | FileLimitReached>
    readonly get: (tenantId: string, id: string) => Effect.Effect<ChatFile, FileNotFound>
    /**
     * The files a message of the conversation may carry: its own, and, for the team, library files,
     * which are copied into the conversation (so that each goes with its owner).
     */
    readonly forMessage: (
      tenantId: string,
      conversationId: string,
      author: Author,
      fileIds: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<FileRef>, ValidationFailed | FileLimitReached>
    /** The library files a canned response may carry. */
    readonly forLibrary: (tenantId: string, fileIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<FileRef>, ValidationFailed>
    /** The file's bytes: the row and the blob, or FileNotFound when either is gone. */
    readonly read: (
      tenantId: string,
      id: string
    ) => Effect.Effect<{ readonly file: ChatFile; readonly body: ReadableStream<Uint8Array> }, FileNotFound>
    readonly rules: (tenantId: string) => Effect.Effect<FileRules>
    readonly setRules: (tenantId: string, patch: FileRulesPatch) => Effect.Effect<FileRules, ValidationFailed>
  }
>() {
  static readonly layer = Layer.effect(
    ChatFileService,
    Effect.gen(function* () {
      const files = yield* ChatFileRepository
      const conversations = yield* ConversationRepository
      const widgets = yield* WidgetRepository
      const blobs = yield* BlobStore
      const crypto = yield* SecretCrypto

      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      // The rules live with the tenant's widget, made with its defaults on first use.
      const rules = (tenantId: string) =>
        Effect.map(
          Effect.flatMap(now, (at) => ensureWidgetOf(widgets, crypto, tenantId, at)),
          (widget) => widget.fileRules
        )

      const find = (tenantId: string, id: string) =>
        isUuid(id)
          ? Effect.flatMap(files.find(tenantId, id), (found) =>
              Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new FileNotFound())
            )
          : Effect.fail(new FileNotFound())

      const room = (tenantId: string, conversationId: string | null) =>
        Effect.flatMap(files.count(tenantId, conversationId), (held) =>
          held < (conversationId === null ? MAX_LIBRARY_FILES : MAX_FILES_PER_CONVERSATION)
            ? Effect.void
            : Effect.fail(
                new FileLimitReached({
                  message:
                    conversationId === null
                      ? `The library keeps ${MAX_LIBRARY_FILES} files, the most it may.`
                      : `The conversation keeps ${MAX_FILES_PER_CONVERSATION} files, the most it may.`
                })
              )
        )

      /** The row after the bytes: a row never names bytes that are not there. */
      const store = (file: ChatFile, bytes: Uint8Array) =>
        Effect.zipRight(blobs.put(fileBlobKey(file), bytes), Effect.as(files.insert(file), file))

      const upload = (tenantId: string, conversationId: string | null, author: Author, name: string, bytes: Uint8Array) =>
        Effect.gen(function* () {
          if (conversationId !== null) {
            const conversation = isUuid(conversationId) ? yield* conversations.find(tenantId, conversationId) : Option.none()
            if (Option.isNone(conversation)) return yield* Effect.fail(new ConversationNotFound())
          }
          const allowed = yield* rules(tenantId)
          if (bytes.byteLength > allowed.maxFileBytes) {
            return yield* Effect.fail(
              new FileTooLarge({ message: `Files may be at most ${sizeText(allowed.maxFileBytes)}; this one is ${sizeText(bytes.byteLength)}.` })
            )
          }
          const contentType = yield* Effect.promise(() => sniffFileType(bytes))
          const kind = kindOfType(contentType)
          if (kind === undefined || !allowed.kinds.includes(kind)) {
            return yield* Effect.fail(
              new FileTypeNotAllowed({
                message: `Files of this type (${contentType}) are not taken here; allowed: ${allowed.kinds.join(", ")}.`
              })
            )
          }
          yield* room(tenantId, conversationId)
          return yield* store(
            {
              id: randomUuid(crypto),
              tenantId,
              conversationId,
              name: cleanFileName(name),
              contentType,
              size: bytes.byteLength,
              authorType: author.type,
              authorId: author.id,
              createdAt: yield* now
            },
            bytes
          )
        })

      const read: ChatFileService["Type"]["read"] = (tenantId, id) =>
        Effect.gen(function* () {
          const file = yield* find(tenantId, id)
          const blob = yield* blobs.open(fileBlobKey(file))
          if (Option.isNone(blob)) return yield* Effect.fail(new FileNotFound())
          return { file, body: blob.value.body }
        })

      /** A library file copied into the conversation: the reply's own from then on. */
      const copyInto = (file: ChatFile, conversationId: string, author: Author) =>
        Effect.gen(function* () {
          yield* room(file.tenantId, conversationId)
          const { body } = yield* Effect.orDie(read(file.tenantId, file.id))
          const bytes = new Uint8Array(yield* Effect.promise(() => new Response(body).arrayBuffer()))
          return yield* store(
            {
              ...file,
              id: randomUuid(crypto),
              conversationId,
              authorType: author.type,
              authorId: author.id,
              createdAt: yield* now
            },
            bytes
          )
        })

      const noSuchFile = (why: string) => invalidField("fileIds", why)

      const distinct = (fileIds: ReadonlyArray<string>, max: number) =>
        new Set(fileIds).size !== fileIds.length
          ? Effect.fail(noSuchFile("must name each file once"))
          : fileIds.length > max
            ? Effect.fail(noSuchFile(`must name at most ${max} files`))
            : Effect.void

      return {
        upload,
        uploadToLibrary: (tenantId, author, name, bytes) =>
          Effect.catchTag(upload(tenantId, null, author, name, bytes), "ConversationNotFound", Effect.die),
        get: find,
        read,
        forMessage: (tenantId, conversationId, author, fileIds) =>
          Effect.gen(function* () {
            yield* distinct(fileIds, 10)
            const refs: Array<FileRef> = []
            for (const id of fileIds) {
              const file = yield* Effect.catchTag(find(tenantId, id), "FileNotFound", () =>
                Effect.fail(noSuchFile(`no file ${id} in this account`))
              )
              if (file.conversationId === conversationId) refs.push(fileRefOf(file))
              else if (file.conversationId === null && author.type !== "visitor") {
                refs.push(fileRefOf(yield* copyInto(file, conversationId, author)))
              } else return yield* Effect.fail(noSuchFile(`file ${id} belongs to another conversation`))
            }
            return refs
          }),
        forLibrary: (tenantId, fileIds) =>
          Effect.gen(function* () {
            yield* distinct(fileIds, 5)
            return yield* Effect.forEach(fileIds, (id) =>
              Effect.flatMap(
                Effect.catchTag(find(tenantId, id), "FileNotFound", () => Effect.fail(noSuchFile(`no file ${id} in this account`))),
                (file) =>
                  file.conversationId === null
                    ? Effect.succeed(fileRefOf(file))
                    : Effect.fail(noSuchFile(`file ${id} is a conversation's, not the library's`))
              )
            )
          }),
        rules,
        setRules: (tenantId, patch) =>
          Effect.gen(function* () {
            const current = yield* rules(tenantId)
            const maxFileBytes = patch.maxFileBytes ?? current.maxFileBytes
            if (!Number.isInteger(maxFileBytes) || maxFileBytes < MIN_FILE_BYTES_LIMIT || maxFileBytes > MAX_UPLOAD_BYTES) {
              return yield* Effect.fail(
                invalidField("maxFileBytes", `must be a whole number of bytes from ${MIN_FILE_BYTES_LIMIT} to ${MAX_UPLOAD_BYTES}`)
              )
            }
            const kinds = patch.kinds ?? current.kinds
            if (kinds.some((kind) => !FILE_KINDS.includes(kind as FileKind)) || new Set(kinds).size !== kinds.length) {
              return yield* Effect.fail(invalidField("kinds", `must be ${FILE_KINDS_RULE}, each once`))
            }
            const next: FileRules = { maxFileBytes, kinds: kinds as ReadonlyArray<FileKind> }
            yield* widgets.setFileRules(tenantId, next)
            return next
          })
      }
    })
  )
}
