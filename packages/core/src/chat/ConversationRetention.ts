import { Effect } from "effect"
import { BlobStore } from "../platform/BlobStore.js"
import { conversationBlobPrefix } from "./ChatFiles.js"
import { ConversationRepository } from "./ChatRepositories.js"

/**
 * One batch of `chat.conversations`: the conversations inactive since `before` go with their rows
 * (see ConversationRepository.pruneInactive), then their files' bytes. Rows first: a crash between
 * leaves bytes nothing links to, never a link to missing bytes. How many conversations went.
 */
export const pruneConversations = (before: Date, limit: number, tenantId?: string) =>
  Effect.gen(function* () {
    const pruned = yield* Effect.flatMap(ConversationRepository, (conversations) =>
      conversations.pruneInactive(before, limit, tenantId)
    )
    const blobs = yield* BlobStore
    // The rows are gone either way: a store that fails leaves its bytes behind, not the sweep stopped.
    yield* Effect.forEach(
      pruned,
      ({ id, tenantId }) =>
        blobs
          .removeUnder(conversationBlobPrefix(tenantId, id))
          .pipe(Effect.catchAllCause((cause) => Effect.logWarning(`chat files of pruned conversation ${id} not removed`, cause))),
      { concurrency: 8, discard: true }
    )
    return pruned.length
  })
