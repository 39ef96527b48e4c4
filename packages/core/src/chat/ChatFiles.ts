import { Context, Effect, Layer, type Option } from "effect"
import { tenantBlobPrefix } from "../platform/BlobStore.js"
import { DEFAULT_FILE_KINDS, type FileKind } from "../platform/FileTypes.js"
import { memoryTable } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { AuthorType } from "./Chat.js"

/**
 * A file uploaded to Live Chat: its bytes in the blob store, this row to describe them. A file
 * belongs to one conversation (uploaded in it, or copied into it from the library when a reply
 * carries a canned response's file) and goes with it; library files (`conversationId` null) are
 * the team's, for canned responses.
 */
export interface ChatFile {
  readonly id: string
  readonly tenantId: string
  readonly conversationId: string | null
  /** As the uploader named it, cleaned of control characters and path separators. */
  readonly name: string
  /** Decided from the bytes, never from the name. */
  readonly contentType: string
  readonly size: number
  readonly authorType: AuthorType
  readonly authorId: string | null
  readonly createdAt: Date
}

/** A file as a message or a canned response refers to it: what is shown without reading its row. */
export interface FileRef {
  readonly id: string
  readonly name: string
  readonly contentType: string
  readonly size: number
}

export const fileRefOf = (file: ChatFile): FileRef => ({
  id: file.id,
  name: file.name,
  contentType: file.contentType,
  size: file.size
})

/** Files one conversation may hold, sent or not, and files a tenant's library may hold. */
export const MAX_FILES_PER_CONVERSATION = 200
export const MAX_LIBRARY_FILES = 500
/** Files one message may carry, and one canned response. */
export const MAX_FILES_PER_MESSAGE = 10
export const MAX_FILES_PER_CANNED_RESPONSE = 5

/** What a tenant's chat takes: files up to a size, of some kinds. */
export interface FileRules {
  readonly maxFileBytes: number
  readonly kinds: ReadonlyArray<FileKind>
}

const MIB = 1024 * 1024
/** The most any tenant may allow a file to be: what an upload's request body may hold. */
export const MAX_UPLOAD_BYTES = 25 * MIB
export const MIN_FILE_BYTES_LIMIT = 1024
export const defaultFileRules: FileRules = { maxFileBytes: 10 * MIB, kinds: DEFAULT_FILE_KINDS }

/** Where a file's bytes are: under its tenant, then its conversation, so that both go with their owner. */
export const fileBlobKey = (file: Pick<ChatFile, "tenantId" | "conversationId" | "id">) =>
  `${conversationBlobPrefix(file.tenantId, file.conversationId ?? "library")}${file.id}`

/** Where every file of a conversation is, or of the library (see fileBlobKey). */
export const conversationBlobPrefix = (tenantId: string, conversationId: string) =>
  `${tenantBlobPrefix(tenantId)}chat/${conversationId}/`

export class ChatFileRepository extends Context.Tag("@servicekit/core/ChatFileRepository")<
  ChatFileRepository,
  {
    readonly insert: (file: ChatFile) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<ChatFile>>
    /** How many files the conversation holds, or the library when `conversationId` is null. */
    readonly count: (tenantId: string, conversationId: string | null) => Effect.Effect<number>
    /** Whether there was one to remove. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<ChatFileRepository, never, MemoryDatabase> = Layer.effect(
    ChatFileRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<ChatFile>(db, "chat_files")
      return ChatFileRepository.of({
        insert: table.save,
        find: table.find,
        count: (tenantId, conversationId) =>
          db.run(
            () =>
              [...table.rows()].filter((row) => row.tenantId === tenantId && row.conversationId === conversationId)
                .length
          ),
        remove: table.remove
      })
    })
  )
}
