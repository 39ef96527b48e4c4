import { type Position, isUuid } from "@servicekit/core"
import { type RawBuilder, sql } from "kysely"

/**
 * The rows after `position` in newest-first order, (created_at, id) descending: a range on the
 * list indexes. An id that is no uuid cannot be stored, yet a position may carry one: it is then
 * compared as text, bytewise, as JavaScript compares ids.
 */
export const olderThan = ({ createdAt, id }: Position): RawBuilder<boolean> => {
  if (isUuid(id)) return sql<boolean>`(created_at, id) < (${createdAt}, ${id})`
  const tiedBefore = sql<boolean>`created_at = ${createdAt} and id::text collate "C" < ${id}`
  return sql<boolean>`(created_at < ${createdAt} or (${tiedBefore}))`
}
