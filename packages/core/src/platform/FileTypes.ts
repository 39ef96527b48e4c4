import { fileTypeFromBuffer } from "file-type/core"

/** The kinds of file a tenant may allow, each a fixed set of types decided from the bytes. */
export const FILE_KINDS = ["images", "pdf", "text", "documents", "archives", "audio", "video"] as const
export type FileKind = (typeof FILE_KINDS)[number]

/** Allowed unless a tenant says otherwise: what support conversations exchange, nothing that plays. */
export const DEFAULT_FILE_KINDS: ReadonlyArray<FileKind> = ["images", "pdf", "text", "documents", "archives"]

const OOXML = "application/vnd.openxmlformats-officedocument"
const OPEN_DOCUMENT = "application/vnd.oasis.opendocument"

const TYPES_OF: Record<FileKind, ReadonlyArray<string>> = {
  images: ["image/png", "image/jpeg", "image/gif", "image/webp"],
  pdf: ["application/pdf"],
  text: ["text/plain"],
  documents: [
    `${OOXML}.wordprocessingml.document`,
    `${OOXML}.spreadsheetml.sheet`,
    `${OOXML}.presentationml.presentation`,
    `${OPEN_DOCUMENT}.text`,
    `${OPEN_DOCUMENT}.spreadsheet`,
    `${OPEN_DOCUMENT}.presentation`,
    "application/x-cfb",
    "application/rtf"
  ],
  archives: ["application/zip", "application/gzip", "application/x-7z-compressed", "application/x-tar"],
  audio: ["audio/mpeg", "audio/ogg", "audio/wav", "audio/x-wav", "audio/mp4", "audio/aac", "audio/webm"],
  video: ["video/mp4", "video/webm", "video/quicktime", "video/ogg"]
}

const KIND_OF = new Map(FILE_KINDS.flatMap((kind) => TYPES_OF[kind].map((type) => [type, kind] as const)))

/**
 * Images a browser may show inline: raster formats that carry no script. SVG is never among them
 * (it is text here, served as an attachment).
 */
const INLINE = new Set(TYPES_OF.images)

/** Whether a file of this type is shown inline (a thumbnail); every other type is served as an attachment. */
export const isInlineType = (contentType: string) => INLINE.has(contentType)

/** The kind a type belongs to, if any. */
export const kindOfType = (contentType: string): FileKind | undefined => KIND_OF.get(contentType)

const utf8 = new TextDecoder("utf-8", { fatal: true })

const isText = (bytes: Uint8Array) => {
  if (bytes.includes(0)) return false
  try {
    utf8.decode(bytes)
    return true
  } catch {
    return false
  }
}

/**
 * The type of a file decided from its bytes alone, never from its name: a known signature, else
 * `text/plain` for UTF-8 text (HTML and SVG included: they are only ever served as text to save),
 * else `application/octet-stream`.
 */
export const sniffFileType = async (bytes: Uint8Array): Promise<string> => {
  const found = await fileTypeFromBuffer(bytes)
  if (found !== undefined) return found.mime
  return isText(bytes) ? "text/plain" : "application/octet-stream"
}

const CONTROL_OR_SEPARATOR = /[\u0000-\u001f\u007f-\u009f/\\]/g
export const MAX_FILE_NAME_LENGTH = 200

/** A file name as shown and offered for saving: no control characters, no path, at most 200 characters. */
export const cleanFileName = (name: string): string => {
  const cleaned = name.replace(CONTROL_OR_SEPARATOR, "_").trim().slice(0, MAX_FILE_NAME_LENGTH).trim()
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned
}
