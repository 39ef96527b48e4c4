import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { MAIL_STREAMS } from "../module/Suppressions.js"
import { publicAddress } from "../platform/Settings.js"

/** Where a broadcast message's one-click unsubscribe link points, under the mount path. */
export const UNSUBSCRIBE_PATH = "/mail/unsubscribe"

/** The link of an unsubscribe token, at the platform's public address. */
export const unsubscribeUrl = (publicUrl: string, mountPath: string, token: string) =>
  publicAddress({ publicUrl, mountPath }, `${UNSUBSCRIBE_PATH}/${token}`)

export class UnsubscribeLinkInvalid extends Schema.TaggedError<UnsubscribeLinkInvalid>()(
  "UnsubscribeLinkInvalid",
  { message: Schema.optionalWith(Schema.String, { default: () => "This unsubscribe link is not valid, or its message is gone." }) },
  HttpApiSchema.annotations({
    status: 404,
    description: "The link was not made by this platform, was altered, or its message is gone (`unsubscribe_link_invalid`); nothing changed."
  })
) {}

export const UnsubscribedJson = Schema.Struct({
  unsubscribed: Schema.Literal(true),
  stream: Schema.Literal(...MAIL_STREAMS).annotations({ description: "The stream the address no longer gets." })
}).annotations({ identifier: "Unsubscribed" })

/** The recipients' side of broadcast mail: the one-click unsubscribe its `List-Unsubscribe` header names. */
export class UnsubscribeApi extends HttpApiGroup.make("unsubscribe")
  .add(
    HttpApiEndpoint.post("unsubscribe", `${UNSUBSCRIBE_PATH}/:token`)
      .setPath(Schema.Struct({ token: Schema.String.pipe(Schema.maxLength(100)) }))
      .addSuccess(UnsubscribedJson)
      .addError(UnsubscribeLinkInvalid)
      .annotate(OpenApi.Summary, "One-click unsubscribe (RFC 8058)")
      .annotate(
        OpenApi.Description,
        "What a mailbox provider POSTs (body `List-Unsubscribe=One-Click`, which is not required) when the reader of a broadcast message unsubscribes: the recipient is suppressed on the tenant's broadcast stream (reason `unsubscribe`), and stays on its transactional mail. Repeating it changes nothing. The link is signed by the platform: any other is a 404 and changes nothing."
      )
  )
  .annotate(OpenApi.Title, "Unsubscribe")
  .annotate(
    OpenApi.Description,
    "Links in the mail a tenant sends, for its recipients: signed by the platform, not by a tenant's key."
  ) {}
