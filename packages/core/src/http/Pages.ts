import { Schema } from "effect"
import type { Listed } from "../platform/Keyset.js"
import { Integer, PageLimit, Uuid, UuidText } from "./Schemas.js"

/** `limit` and `cursor` of a newest-first list whose cursor is the id of the previous page's last item. */
export const PageParams = (max: number, defaultLimit: number) =>
  Schema.Struct({
    limit: Schema.optional(PageLimit(max, defaultLimit)),
    cursor: Schema.optional(
      Uuid.annotations({
        jsonSchema: { type: "string", format: "uuid", description: "The previous page's `meta.nextCursor`." }
      })
    )
  })

/** A page as the public API answers it: `{ data, meta: { limit, nextCursor } }`. */
export const PageJson = <S extends Schema.Schema.Any>(item: S, identifier: string) =>
  Schema.Struct({
    data: Schema.Array(item),
    meta: Schema.Struct({ limit: Integer, nextCursor: Schema.NullOr(UuidText) })
  }).annotations({ identifier })

/** A service's page in that shape, each item encoded. */
export const pageJson = <A, B>(listed: Listed<A>, encode: (item: A) => B) => ({
  data: listed.items.map(encode),
  meta: { limit: listed.limit, nextCursor: listed.nextCursor }
})
