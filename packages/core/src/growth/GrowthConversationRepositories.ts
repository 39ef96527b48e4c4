import { Context, Effect, Layer, Option } from "effect"
import { memoryTable } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type {
  GrowthConversation,
  GrowthConversationStatus,
  GrowthMessage,
  GrowthMessageDraft
} from "./GrowthConversation.js"

/** A position in a newest-activity-first list: the last conversation of the previous page. */
export interface ActivityPosition {
  readonly lastMessageAt: Date
  readonly id: string
}

export interface GrowthConversationQuery {
  readonly limit: number
  /** Conversations strictly after (with older activity than) this position. */
  readonly after?: ActivityPosition | undefined
  readonly status?: GrowthConversationStatus | undefined
}

/** Sorts newest activity first, then by id descending. */
const newestActivityFirst = (a: ActivityPosition, b: ActivityPosition): number =>
  b.lastMessageAt.getTime() - a.lastMessageAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)

export class GrowthConversationRepository extends Context.Tag("@servicekit/core/GrowthConversationRepository")<
  GrowthConversationRepository,
  {
    /** Stores a new conversation; an id the tenant already has is a defect. */
    readonly insert: (conversation: GrowthConversation) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<GrowthConversation>>
    /** Newest activity first by (lastMessageAt, id), optionally one status only. */
    readonly list: (
      tenantId: string,
      query: GrowthConversationQuery
    ) => Effect.Effect<ReadonlyArray<GrowthConversation>>
    /** Stores the status and `updatedAt`; the conversation after it, None when there is none. */
    readonly setStatus: (
      tenantId: string,
      id: string,
      status: GrowthConversationStatus,
      updatedAt: Date
    ) => Effect.Effect<Option.Option<GrowthConversation>>
  }
>() {}

export class GrowthMessageRepository extends Context.Tag("@servicekit/core/GrowthMessageRepository")<
  GrowthMessageRepository,
  {
    /**
     * Numbers the message with its conversation's next sequence and stores it; the conversation
     * counts it, takes its time as `lastMessageAt` and `updatedAt`, and is open again (a message
     * reopens a closed thread), in the same write, which holds the conversation until the unit of
     * work ends. The message and the conversation after it; None when there is no such conversation.
     */
    readonly append: (
      draft: GrowthMessageDraft
    ) => Effect.Effect<Option.Option<{ readonly message: GrowthMessage; readonly conversation: GrowthConversation }>>
    /** The conversation's last `limit` messages, oldest first by sequence. */
    readonly listLatest: (
      tenantId: string,
      conversationId: string,
      limit: number
    ) => Effect.Effect<ReadonlyArray<GrowthMessage>>
  }
>() {}

/**
 * Both repositories in memory over one conversations table, as their SQL shares one: appending a
 * message writes its conversation in the same unit of work.
 */
export const layerMemoryGrowthConversations: Layer.Layer<
  GrowthConversationRepository | GrowthMessageRepository,
  never,
  MemoryDatabase
> = Layer.effectContext(
  Effect.map(MemoryDatabase, (db) => {
    const conversations = memoryTable<GrowthConversation>(db, "growth_conversations")
    const messages = memoryTable<GrowthMessage>(db, "growth_messages")
    const conversationRepository = GrowthConversationRepository.of({
      insert: (conversation) =>
        db.run((undo) => {
          // As the primary key refuses it in SQL.
          if (conversations.get(conversation.tenantId, conversation.id) !== undefined) {
            throw new Error(`growth conversation ${conversation.id} exists`)
          }
          conversations.put(conversation, undo)
        }),
      find: conversations.find,
      list: (tenantId, { after, limit, status }) =>
        db.run(() =>
          [...conversations.rows()]
            .filter(
              (row) =>
                row.tenantId === tenantId &&
                (status === undefined || row.status === status) &&
                (after === undefined || newestActivityFirst(after, row) < 0)
            )
            .sort(newestActivityFirst)
            .slice(0, limit)
        ),
      setStatus: (tenantId, id, status, updatedAt) =>
        db.run((undo) => {
          const stored = conversations.get(tenantId, id)
          if (stored === undefined) return Option.none()
          const updated: GrowthConversation = { ...stored, status, updatedAt }
          conversations.put(updated, undo)
          return Option.some(updated)
        })
    })
    const messageRepository = GrowthMessageRepository.of({
      append: (draft) =>
        db.run((undo) => {
          const stored = conversations.get(draft.tenantId, draft.conversationId)
          if (stored === undefined) return Option.none()
          const conversation: GrowthConversation = {
            ...stored,
            status: "open",
            messageCount: stored.messageCount + 1,
            lastMessageAt: draft.createdAt,
            updatedAt: draft.createdAt
          }
          const message: GrowthMessage = { ...draft, sequence: conversation.messageCount }
          conversations.put(conversation, undo)
          messages.put(message, undo)
          return Option.some({ message, conversation })
        }),
      listLatest: (tenantId, conversationId, limit) =>
        db.run(() => {
          const thread = [...messages.rows()]
            .filter((row) => row.tenantId === tenantId && row.conversationId === conversationId)
            .sort((a, b) => a.sequence - b.sequence)
          return thread.slice(Math.max(0, thread.length - limit))
        })
    })
    return Context.make(GrowthConversationRepository, conversationRepository).pipe(
      Context.add(GrowthMessageRepository, messageRepository)
    )
  })
)
