import { bytesToHex } from "@noble/hashes/utils"
import { Clock, Context, Effect, Layer, Schema } from "effect"
import { Integer, Timestamp, UuidText } from "../http/Schemas.js"
import { constantTimeEqual } from "../platform/Crypto.js"
import { isInlineType } from "../platform/FileTypes.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings, publicAddress } from "../platform/Settings.js"
import type { FileRef } from "./ChatFiles.js"

/** How long a link lasts at least; links end on the hour, so a page's links stay the same for a while (and cached). */
export const FILE_LINK_HOURS = 24
const HOUR_MS = 3_600_000
const PURPOSE = "chat file link"

export const FileJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  contentType: Schema.String,
  size: Integer,
  inline: Schema.Boolean,
  url: Schema.String,
  expiresAt: Timestamp
}).annotations({
  identifier: "ChatFile",
  description: `A file of a message or canned response. \`contentType\` was decided from the bytes, not the name. \`url\` downloads it without a credential until \`expiresAt\` (at least ${FILE_LINK_HOURS} hours after it was given; \`GET /v1/chat/files/{id}\` gives a fresh one). \`inline\` files are raster images shown as they are; every other file is served as an attachment to save. \`name\` is plain text: show it as text, never as HTML.`
})

/** A file as JSON, with a link signed for now. */
export type FileLinker = (tenantId: string, file: FileRef) => typeof FileJson.Type

/**
 * Signed, expiring download links to chat files: HMAC-SHA256 of tenant, file and expiry under a
 * key derived from the platform's secret key, checked in constant time. A link names its tenant,
 * so a file is only ever read within it; no row stores a link.
 */
export class ChatFileLinks extends Context.Tag("@servicekit/core/ChatFileLinks")<
  ChatFileLinks,
  {
    /** Links good from now on. */
    readonly linker: Effect.Effect<FileLinker>
    /** Whether the link's signature is the platform's for this file, and the time it ends has not come. */
    readonly check: (
      tenantId: string,
      fileId: string,
      expires: number,
      signature: string
    ) => Effect.Effect<"valid" | "expired" | "forged">
  }
>() {
  static readonly layer = Layer.effect(
    ChatFileLinks,
    Effect.gen(function* () {
      const box = yield* SecretBox
      const settings = yield* ServiceKitSettings
      const base = publicAddress(settings, "/public/chat/files/")
      const sign = (tenantId: string, fileId: string, expires: number) =>
        bytesToHex(box.tag(PURPOSE, `${tenantId}.${fileId}.${expires}`))
      return {
        linker: Effect.map(Clock.currentTimeMillis, (now) => {
          const endMs = Math.ceil((now + FILE_LINK_HOURS * HOUR_MS) / HOUR_MS) * HOUR_MS
          const expires = endMs / 1000
          const expiresAt = new Date(endMs)
          return (tenantId, file) => ({
            ...file,
            inline: isInlineType(file.contentType),
            url: `${base}${file.id}?tenant=${tenantId}&expires=${expires}&signature=${sign(tenantId, file.id, expires)}`,
            expiresAt
          })
        }),
        check: (tenantId, fileId, expires, signature) =>
          Effect.map(Clock.currentTimeMillis, (now) =>
            !constantTimeEqual(sign(tenantId, fileId, expires), signature)
              ? "forged"
              : expires * 1000 <= now
                ? "expired"
                : "valid"
          )
      }
    })
  )
}
