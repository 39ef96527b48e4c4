import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../platform/Keyset.js"
import { memoryTable, tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import {
  type ChatMessage,
  type Conversation,
  type ConversationStatus,
  type JsonObject,
  type MessageDraft,
  type Visitor,
  type VisitorToken,
  messagePreview,
  namesMatch,
  wordsMatch,
  visitorSummary
} from "./Chat.js"

/** A visitor to create, or the changes to a stored one with the same (tenant, externalId). */
export interface VisitorUpsert {
  /** The id and timestamps a new visitor gets. */
  readonly id: string
  readonly tenantId: string
  readonly externalId: string
  /** Null keeps the stored value (or stores null for a new visitor). */
  readonly displayName: string | null
  readonly email: string | null
  /** Null keeps the stored attributes (`{}` for a new visitor). */
  readonly attributes: JsonObject | null
  readonly at: Date
}

export class VisitorRepository extends Context.Tag("@servicekit/core/VisitorRepository")<
  VisitorRepository,
  {
    /** The visitor with this (tenant, externalId) after the upsert, in one statement. */
    readonly upsert: (visitor: VisitorUpsert) => Effect.Effect<Visitor>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Visitor>>
    readonly findByExternalId: (tenantId: string, externalId: string) => Effect.Effect<Option.Option<Visitor>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<Visitor>>
  }
>() {
  static readonly layerMemory: Layer.Layer<VisitorRepository, never, MemoryDatabase> = Layer.effect(
    VisitorRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Visitor>(db, "visitors")
      const byExternalId = (tenantId: string, externalId: string) =>
        [...table.rows()].find((row) => row.tenantId === tenantId && row.externalId === externalId)
      return VisitorRepository.of({
        upsert: (input) =>
          db.run((undo) => {
            const stored = byExternalId(input.tenantId, input.externalId)
            const visitor: Visitor =
              stored === undefined
                ? {
                    id: input.id,
                    tenantId: input.tenantId,
                    externalId: input.externalId,
                    displayName: input.displayName,
                    email: input.email,
                    attributes: input.attributes ?? {},
                    createdAt: input.at,
                    updatedAt: input.at
                  }
                : {
                    ...stored,
                    displayName: input.displayName ?? stored.displayName,
                    email: input.email ?? stored.email,
                    attributes: input.attributes ?? stored.attributes,
                    updatedAt: input.at
                  }
            table.put(visitor, undo)
            return visitor
          }),
        find: table.find,
        findByExternalId: (tenantId, externalId) =>
          db.run(() => Option.fromNullable(byExternalId(tenantId, externalId))),
        list: (tenantId, page) => table.list(tenantId, page)
      })
    })
  )
}

export interface ConversationQuery extends Page {
  readonly status?: ConversationStatus | undefined
  readonly source?: string | undefined
  /** Only the conversations of this assignee; null: only unassigned ones. */
  readonly assigneeId?: string | null | undefined
  /** Only the conversations of this visitor. */
  readonly visitorId?: string | undefined
  /** Only the conversations with this label (as stored: see normalLabel). */
  readonly label?: string | undefined
}

/** What changes about a conversation apart from its messages. */
export type ConversationChange = Pick<
  Conversation,
  "tenantId" | "id" | "status" | "assigneeId" | "labels" | "csat" | "updatedAt"
>

export class ConversationRepository extends Context.Tag("@servicekit/core/ConversationRepository")<
  ConversationRepository,
  {
    readonly insert: (conversation: Conversation) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Conversation>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, query: ConversationQuery) => Effect.Effect<ReadonlyArray<Conversation>>
    /** The visitor's newest conversation that is open or pending. */
    readonly findOpen: (tenantId: string, visitorId: string) => Effect.Effect<Option.Option<Conversation>>
    /** Stores status, assignee, labels, rating and `updatedAt`; the conversation after it, None when there is none. */
    readonly update: (change: ConversationChange) => Effect.Effect<Option.Option<Conversation>>
    /** How many open or pending conversations each of these agents holds (absent: none). */
    readonly heldBy: (tenantId: string, agentIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>>
    /** The open conversations nobody holds, oldest first by (createdAt, id), at most `limit`. */
    readonly oldestUnassigned: (tenantId: string, limit: number) => Effect.Effect<ReadonlyArray<Conversation>>
    /**
     * Deletes up to `limit` conversations last changed (`updatedAt`) before `before`, of `tenantId`
     * alone when given, oldest first by (createdAt, id), with their messages, notes, files, reads,
     * visitor-seen marks and visitor tokens (their visitors stay), in one write: those it deleted.
     */
    readonly pruneInactive: (
      before: Date,
      limit: number,
      tenantId?: string
    ) => Effect.Effect<ReadonlyArray<{ readonly tenantId: string; readonly id: string }>>
  }
>() {
  static readonly layerMemory: Layer.Layer<ConversationRepository, never, MemoryDatabase | VisitorRepository> =
    Layer.effect(
      ConversationRepository,
      Effect.gen(function* () {
        const db = yield* MemoryDatabase
        const visitors = yield* VisitorRepository
        return ConversationRepository.of(memoryConversations(db, memoryTable<Conversation>(db, "conversations"), visitors))
      })
    )
}

/**
 * The tables (and memory stores, by the same names) of rows that hang on a conversation by their
 * conversation's id: what goes with a pruned conversation, in either storage.
 */
export const CONVERSATION_ROWS = [
  "chat_messages",
  "chat_notes",
  "chat_files",
  "chat_conversation_reads",
  "chat_visitor_seen",
  "visitor_tokens"
] as const

const byCreated = (a: Conversation, b: Conversation) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const memoryConversations = (
  db: MemoryDatabase["Type"],
  table: ReturnType<typeof memoryTable<Conversation>>,
  visitors: VisitorRepository["Type"]
): ConversationRepository["Type"] => {
  // The visitor's names as stored now, as the SQL stores join them.
  const withVisitor = (conversation: Conversation): Effect.Effect<Conversation> =>
    conversation.visitorId === null
      ? Effect.succeed({ ...conversation, visitor: null })
      : Effect.map(visitors.find(conversation.tenantId, conversation.visitorId), (found) => ({
          ...conversation,
          visitor: Option.isSome(found) ? visitorSummary(found.value) : null
        }))
  const find = (tenantId: string, id: string) =>
    Effect.flatMap(table.find(tenantId, id), Effect.transposeMapOption(withVisitor))
  return {
    insert: table.save,
    find,
    list: (tenantId, query) =>
      Effect.flatMap(
        table.list(
          tenantId,
          query,
          (row) =>
            (query.status === undefined || row.status === query.status) &&
            (query.source === undefined || row.source === query.source) &&
            (query.assigneeId === undefined || row.assigneeId === query.assigneeId) &&
            (query.visitorId === undefined || row.visitorId === query.visitorId) &&
            (query.label === undefined || row.labels.includes(query.label))
        ),
        Effect.forEach(withVisitor)
      ),
    findOpen: (tenantId, visitorId) =>
      Effect.flatMap(
        table.list(
          tenantId,
          { limit: 1 },
          (row) => row.visitorId === visitorId && (row.status === "open" || row.status === "pending")
        ),
        (rows) => Effect.transposeMapOption(Option.fromNullable(rows[0]), withVisitor)
      ),
    update: (change) =>
      Effect.flatMap(table.find(change.tenantId, change.id), (found) => {
        if (Option.isNone(found)) return Effect.succeed(Option.none())
        // Only these fields, as the column list of the SQL update: a change may be a whole (stale) conversation.
        const { assigneeId, csat, labels, status, updatedAt } = change
        const updated: Conversation = { ...found.value, status, assigneeId, labels, csat, updatedAt }
        return Effect.zipRight(table.save(updated), Effect.map(withVisitor(updated), Option.some))
      }),
    heldBy: (tenantId, agentIds) =>
      db.run(() => {
        const held = new Map<string, number>()
        for (const row of table.rows()) {
          if (row.tenantId !== tenantId || row.assigneeId === null || !agentIds.includes(row.assigneeId)) continue
          if (row.status === "open" || row.status === "pending") held.set(row.assigneeId, (held.get(row.assigneeId) ?? 0) + 1)
        }
        return held
      }),
    oldestUnassigned: (tenantId, limit) =>
      Effect.flatMap(
        db.run(() =>
          [...table.rows()]
            .filter((row) => row.tenantId === tenantId && row.assigneeId === null && row.status === "open")
            .sort(byCreated)
            .slice(0, limit)
        ),
        Effect.forEach(withVisitor)
      ),
    // Each store a chat kit holds drops its rows of the conversation; one missing from this kit holds none.
    pruneInactive: (before, limit, tenantId) =>
      db.run((undo) => {
        const gone = [...table.rows()]
          // createdAt as well, as the SQL store walks it (a conversation is never changed before it is made).
          .filter((row) => (tenantId === undefined || row.tenantId === tenantId) && row.createdAt < before && row.updatedAt < before)
          .sort(byCreated)
          .slice(0, limit)
        for (const conversation of gone) {
          const of = (row: unknown) => (row as { readonly conversationId?: unknown }).conversationId === conversation.id
          for (const kind of CONVERSATION_ROWS) db.tenantRows.get(kind)?.dropWhere(conversation.tenantId, of, undo)
          table.drop(conversation, undo)
        }
        return gone.map((conversation) => ({ tenantId: conversation.tenantId, id: conversation.id }))
      })
  }
}

export interface MessageQuery {
  readonly limit: number
  /** Messages with a greater sequence only. */
  readonly afterSequence?: number | undefined
}

export class ChatMessageRepository extends Context.Tag("@servicekit/core/ChatMessageRepository")<
  ChatMessageRepository,
  {
    /**
     * Numbers the message with its conversation's next sequence and stores it, bumping the
     * conversation's count and `lastMessageAt` in the same write, which holds the conversation
     * until the unit of work ends (so sequences follow commit order). The message and the
     * conversation after it; None when there is no such conversation.
     */
    readonly append: (
      draft: MessageDraft
    ) => Effect.Effect<Option.Option<{ readonly message: ChatMessage; readonly conversation: Conversation }>>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<ChatMessage>>
    /** Oldest first by sequence. */
    readonly list: (
      tenantId: string,
      conversationId: string,
      query: MessageQuery
    ) => Effect.Effect<ReadonlyArray<ChatMessage>>
    /**
     * The conversations of the list's query (newest first, by page) whose title or visitor's names,
     * email or id hold every term, or one of whose messages has a word beginning with each (see
     * searchTerms, namesMatch, wordsMatch).
     */
    readonly search: (
      tenantId: string,
      query: ConversationQuery,
      terms: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<Conversation>>
  }
>() {
  static readonly layerMemory: Layer.Layer<ChatMessageRepository, never, MemoryDatabase | ConversationRepository> =
    Layer.effect(
      ChatMessageRepository,
      Effect.gen(function* () {
        const db = yield* MemoryDatabase
        const conversations = yield* ConversationRepository
        const table = memoryTable<ChatMessage>(db, "chat_messages")
        return ChatMessageRepository.of({
          append: (draft) =>
            db.withTransaction(
              Effect.flatMap(conversations.find(draft.tenantId, draft.conversationId), (found) => {
                if (Option.isNone(found)) return Effect.succeed(Option.none())
                const conversation: Conversation = {
                  ...found.value,
                  messageCount: found.value.messageCount + 1,
                  lastMessageAt: draft.createdAt,
                  lastMessage: { authorType: draft.authorType, preview: messagePreview(draft.content, draft.files) },
                  updatedAt: draft.createdAt
                }
                const message: ChatMessage = { ...draft, sequence: conversation.messageCount }
                return Effect.as(
                  Effect.zipRight(conversations.insert(conversation), table.save(message)),
                  Option.some({ message, conversation })
                )
              })
            ),
          find: table.find,
          list: (tenantId, conversationId, query) =>
            db.run(() =>
              [...table.rows()]
                .filter(
                  (row) =>
                    row.tenantId === tenantId &&
                    row.conversationId === conversationId &&
                    row.sequence > (query.afterSequence ?? 0)
                )
                .sort((a, b) => a.sequence - b.sequence)
                .slice(0, query.limit)
            ),
          search: (tenantId, query, terms) =>
            Effect.flatMap(conversations.list(tenantId, { ...query, limit: Number.MAX_SAFE_INTEGER }), (listed) =>
              db.run(() => {
                const spoken = new Set<string>()
                for (const row of table.rows()) {
                  if (row.tenantId === tenantId && wordsMatch(row.content, terms)) spoken.add(row.conversationId)
                }
                return listed.filter((conversation) => namesMatch(conversation, terms) || spoken.has(conversation.id)).slice(0, query.limit)
              })
            )
        })
      })
    )
}

export class VisitorTokenRepository extends Context.Tag("@servicekit/core/VisitorTokenRepository")<
  VisitorTokenRepository,
  {
    readonly insert: (token: VisitorToken) => Effect.Effect<void>
    /** Across tenants: the digest names its token. */
    readonly find: (digest: string) => Effect.Effect<Option.Option<VisitorToken>>
    /** Deletes up to `limit` tokens that expired before `before`, of `tenantId` alone when given, the longest expired first: how many. */
    readonly pruneExpired: (before: Date, limit: number, tenantId?: string) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<VisitorTokenRepository, never, MemoryDatabase> = Layer.effect(
    VisitorTokenRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, VisitorToken>()
      db.holdsTenantRows("visitor_tokens", tenantRowsOf(rows, (token) => token.tenantId))
      return VisitorTokenRepository.of({
        insert: (token) =>
          db.run((undo) => {
            rows.set(token.digest, token)
            undo(() => rows.delete(token.digest))
          }),
        find: (digest) => db.run(() => Option.fromNullable(rows.get(digest))),
        pruneExpired: (before, limit, tenantId) =>
          db.run((undo) => {
            const expired = [...rows.values()]
              .filter((token) => (tenantId === undefined || token.tenantId === tenantId) && token.expiresAt < before)
              .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())
              .slice(0, limit)
            for (const token of expired) {
              rows.delete(token.digest)
              undo(() => rows.set(token.digest, token))
            }
            return expired.length
          })
      })
    })
  )
}
