import { Clock, Context, Effect, Either, Layer, Option } from "effect"
import { SecretCrypto, isUuid, randomUuid } from "../../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../../platform/Errors.js"
import { type Listed, listPage } from "../../platform/Keyset.js"
import { LanguageModel, type ModelMessage } from "../../platform/LanguageModel.js"
import { ModelRouter } from "../../platform/ModelRouter.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { AgentRepository } from "../agents/AgentRepositories.js"
import { SessionNotFound } from "../AutomationsErrors.js"
import { ModelService } from "../governance/ModelService.js"
import { UNTRUSTED_NOTE, untrusted } from "../governance/Prompts.js"
import {
  MAX_PEER_LENGTH,
  type NewSessionEntry,
  SESSION_SCOPES,
  type Session,
  type SessionEntry,
  type SessionScope,
  estimateTokens,
  sessionKey
} from "./Session.js"
import { SessionRepository } from "./SessionRepositories.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** Entries GET /sessions/{id} shows at a time. */
export const DEFAULT_ENTRY_PAGE = 100
export const MAX_ENTRY_PAGE = 500
export const MAX_TITLE_LENGTH = 200
/** A session is compacted once its model view passes this share of the primary label's context window... */
export const COMPACT_AT_SHARE = 0.6
/** ...keeping as they are the newest entries that fit in this share (at least the last one). */
export const KEEP_SHARE = 0.25
/** Entries a model view holds at most: a session is compacted long before, unless its model never answers. */
const MAX_VIEW_ENTRIES = 2_000

export interface SessionInput {
  readonly scope: SessionScope
  /** The agent the session belongs to: each agent keeps its own sessions. */
  readonly agentId?: string | null | undefined
  readonly peer?: string | null | undefined
  readonly title?: string | null | undefined
}

export interface SessionListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly scope?: SessionScope | undefined
  readonly agentId?: string | undefined
  readonly peer?: string | undefined
}

/** What the model reads of a session: its latest summary, then the entries after what it covers. */
export interface SessionView {
  readonly summary: SessionEntry | undefined
  readonly entries: ReadonlyArray<SessionEntry>
  readonly tokens: number
}

/** What an appender already knows, to spare reads: the labels it asks, and the view it read before. */
export interface AppendContext {
  readonly labels: ReadonlyArray<string>
  readonly viewTokens: number
}

export interface SessionDetail {
  readonly session: Session
  /** The estimated tokens of what the model reads of it. */
  readonly tokenEstimate: number
  /** Every entry (summaries too) in order, a page at a time; the full transcript stays readable. */
  readonly entries: ReadonlyArray<SessionEntry>
  readonly limit: number
  /** The `after` of the next page, or null. */
  readonly nextAfter: number | null
}

/** Why a session's scope needs or refuses a peer. */
const checkPeer = (scope: SessionScope, peer: string | null) => {
  if (scope === "workspace") {
    return peer === null ? undefined : invalidField("peer", "must be absent for the workspace scope")
  }
  if (peer === null) return invalidField("peer", `is required for the ${scope} scope`)
  if (peer.length > MAX_PEER_LENGTH || peer.trim() === "" || peer.includes("\u0000")) {
    return invalidField("peer", `must be 1 to ${MAX_PEER_LENGTH} characters without NUL`)
  }
  return undefined
}

/** The model view of entries as chat messages: a summary and tool results are data from outside, fenced. */
export const historyMessages = (view: SessionView): ReadonlyArray<ModelMessage> => [
  ...(view.summary === undefined
    ? []
    : [
        {
          role: "user" as const,
          content: `Earlier in this session (a summary):\n${untrusted("session-summary", view.summary.content)}`
        }
      ]),
  ...view.entries.map((entry): ModelMessage => ({
    role: entry.role === "assistant" ? "assistant" : "user",
    content: entry.content
  }))
]

const SUMMARY_INSTRUCTIONS = [
  "Summarise the conversation below for the assistant who will continue it.",
  "Keep every identifier, number, amount, date, email address, URL and key exactly as written.",
  "Keep what was asked, what was decided, which skills were called with what result, and what is still open.",
  "Answer with the summary only.",
  UNTRUSTED_NOTE
].join("\n")

/**
 * Sessions: transcripts with a scope, appended to by agent steps and channel conversations, and
 * compacted by the model when they grow past a share of the context window.
 */
export class SessionService extends Context.Tag("@servicekit/core/SessionService")<
  SessionService,
  {
    /** The session of this scope and peer: the existing one, else a new one. */
    readonly open: (tenantId: string, input: SessionInput) => Effect.Effect<Session, ValidationFailed>
    readonly get: (
      tenantId: string,
      id: string,
      page: { readonly after?: number | undefined; readonly limit?: number | undefined }
    ) => Effect.Effect<SessionDetail, SessionNotFound | ValidationFailed>
    readonly list: (tenantId: string, query: SessionListQuery) => Effect.Effect<Listed<Session>, ValidationFailed>
    readonly view: (session: Session) => Effect.Effect<SessionView>
    /**
     * Compacts the session now, keeping only its last entry (and that entry's call), after the
     * model refused its context as too long; answers the session as it then is, or None when
     * nothing could be compacted.
     */
    readonly compactNow: (session: Session, labels: ReadonlyArray<string>) => Effect.Effect<Option.Option<Session>>
    /**
     * Appends entries (those whose source the session holds are dropped), then compacts the
     * session if its view grew past COMPACT_AT_SHARE of the context window.
     */
    readonly append: (
      session: Session,
      entries: ReadonlyArray<NewSessionEntry>,
      known?: AppendContext
    ) => Effect.Effect<void>
  }
>() {
  static readonly layer = Layer.effect(
    SessionService,
    Effect.gen(function* () {
      const sessions = yield* SessionRepository
      const agents = yield* AgentRepository
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const router = yield* ModelRouter
      const models = yield* ModelService
      const { catalog } = yield* LanguageModel
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const find = (tenantId: string, id: string) =>
        Effect.flatMap(isUuid(id) ? sessions.find(tenantId, id) : Effect.succeedNone, (found) =>
          Option.match(found, { onNone: () => Effect.fail(new SessionNotFound()), onSome: Effect.succeed })
        )

      const view = (session: Session): Effect.Effect<SessionView> =>
        Effect.gen(function* () {
          const summary =
            session.summarySeq === null
              ? undefined
              : Option.getOrUndefined(yield* sessions.findEntry(session.tenantId, session.id, session.summarySeq))
          const entries = (yield* sessions.entries(session.tenantId, session.id, {
            afterSeq: session.compactedThrough,
            limit: MAX_VIEW_ENTRIES
          })).filter((entry) => entry.role !== "summary")
          const tokens = entries.reduce((sum, entry) => sum + entry.tokens, summary?.tokens ?? 0)
          return { summary, entries, tokens }
        })

      /**
       * Where the kept tail starts: the newest entries within KEEP_SHARE of the window (at least
       * one), moved back so that a kept tool result keeps the call that asked for it.
       */
      const tailStart = (entries: ReadonlyArray<SessionEntry>, keepTokens: number) => {
        let start = entries.length - 1
        let kept = entries[start]!.tokens
        while (start > 0 && kept + entries[start - 1]!.tokens <= keepTokens) {
          start -= 1
          kept += entries[start]!.tokens
        }
        for (;;) {
          const tail = entries.slice(start)
          const calls = tail.flatMap((entry) => (entry.callSeq === null ? [] : [entry.callSeq]))
          const earliest = entries.findIndex((entry) => calls.includes(entry.seq))
          if (earliest < 0 || earliest >= start) return start
          start = earliest
        }
      }

      /**
       * Summarises the view's older entries into one summary entry, once past the threshold or, when
       * `urgent` (the model refused the context as too long), now, keeping only the last entry (and
       * its call). Whether it did: on any failure nothing changes.
       */
      const compact = (session: Session, labels: ReadonlyArray<string>, urgent = false) =>
        Effect.gen(function* () {
          if (labels.length === 0) return false
          const window = catalog.contextWindow(labels[0]!)
          const current = yield* view(session)
          if ((!urgent && current.tokens <= window * COMPACT_AT_SHARE) || current.entries.length < 2) return false
          const start = tailStart(current.entries, urgent ? 0 : window * KEEP_SHARE)
          if (start === 0) return false
          const older = current.entries.slice(0, start)
          const text = [
            ...(current.summary === undefined ? [] : [`[summary of what came before]\n${current.summary.content}`]),
            ...older.map((entry) => `[${entry.role}]\n${entry.content}`)
          ].join("\n\n")
          const asked = yield* Effect.either(
            router.complete(labels, [
              { role: "system", content: SUMMARY_INSTRUCTIONS },
              { role: "user", content: untrusted("session", text) }
            ])
          )
          if (Either.isLeft(asked)) {
            yield* Effect.logInfo(`automations: session ${session.id} not compacted: ${asked.left.message}`)
            return false
          }
          const through = older.at(-1)!.seq
          const fromSeq = current.summary?.covers?.fromSeq ?? older[0]!.seq
          const summary = asked.right.reply.text.trim()
          return yield* unit.withTransaction(
            Effect.gen(function* () {
              const at = yield* now
              const seq = yield* sessions.reserve(session.tenantId, session.id, 1, at)
              if (seq === undefined) return false
              // Only from where this compaction started: one that lost the race to another stores nothing.
              const won = yield* sessions.compact(session.tenantId, session.id, {
                from: session.compactedThrough,
                through,
                summarySeq: seq,
                at
              })
              if (!won) return false
              yield* sessions.insertEntries([
                {
                  id: randomUuid(crypto),
                  tenantId: session.tenantId,
                  sessionId: session.id,
                  seq,
                  role: "summary",
                  content: summary,
                  toolCall: null,
                  callSeq: null,
                  covers: { fromSeq, toSeq: through },
                  source: null,
                  tokens: estimateTokens(summary),
                  createdAt: at
                }
              ])
              return true
            })
          )
        })

      return {
        open: (tenantId, input) =>
          Effect.gen(function* () {
            if (!(SESSION_SCOPES as ReadonlyArray<string>).includes(input.scope)) {
              return yield* invalidField("scope", `must be one of ${SESSION_SCOPES.join(", ")}`)
            }
            const peer = input.peer ?? null
            const problem = checkPeer(input.scope, peer)
            if (problem !== undefined) return yield* problem
            const agentId = input.agentId ?? null
            if (agentId !== null && (!isUuid(agentId) || Option.isNone(yield* agents.find(tenantId, agentId)))) {
              return yield* invalidField("agentId", "is not an agent of this account")
            }
            const title = input.title ?? null
            if (title !== null && (title.length > MAX_TITLE_LENGTH || title.includes("\u0000"))) {
              return yield* invalidField("title", `must be at most ${MAX_TITLE_LENGTH} characters without NUL`)
            }
            const at = yield* now
            return yield* sessions.findOrCreate({
              id: randomUuid(crypto),
              tenantId,
              scope: input.scope,
              agentId,
              peer,
              key: sessionKey(input.scope, agentId, peer),
              title,
              compactedThrough: 0,
              summarySeq: null,
              nextSeq: 1,
              createdAt: at,
              updatedAt: at
            })
          }),

        get: (tenantId, id, page) =>
          Effect.gen(function* () {
            const limit = page.limit ?? DEFAULT_ENTRY_PAGE
            const after = page.after ?? 0
            const session = yield* find(tenantId, id)
            const entries = yield* sessions.entries(tenantId, session.id, { afterSeq: after, limit: limit + 1 })
            const shown = entries.slice(0, limit)
            const { tokens } = yield* view(session)
            return {
              session,
              tokenEstimate: tokens,
              entries: shown,
              limit,
              nextAfter: entries.length > limit ? shown.at(-1)!.seq : null
            }
          }),

        list: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => (isUuid(cursor) ? sessions.find(tenantId, cursor) : Effect.succeedNone),
            (page) => sessions.list(tenantId, page, { scope: query.scope, agentId: query.agentId, peer: query.peer })
          ),

        view,

        compactNow: (session, labels) =>
          Effect.gen(function* () {
            const latest = yield* sessions.find(session.tenantId, session.id)
            if (Option.isNone(latest) || !(yield* compact(latest.value, labels, true))) return Option.none()
            return yield* sessions.find(session.tenantId, session.id)
          }),

        append: (session, added, known) =>
          Effect.gen(function* () {
            if (added.length === 0) return
            const tokens = added.map((entry) => estimateTokens(entry.content))
            const stored = yield* unit.withTransaction(
              Effect.gen(function* () {
                const at = yield* now
                const first = yield* sessions.reserve(session.tenantId, session.id, added.length, at)
                if (first === undefined) return false
                yield* sessions.insertEntries(
                  added.map((entry, index) => ({
                    id: randomUuid(crypto),
                    tenantId: session.tenantId,
                    sessionId: session.id,
                    seq: first + index,
                    role: entry.role,
                    content: entry.content,
                    toolCall: entry.toolCall ?? null,
                    callSeq: entry.callIndex === undefined ? null : first + entry.callIndex,
                    covers: null,
                    source: entry.source,
                    tokens: tokens[index]!,
                    createdAt: at
                  }))
                )
                return true
              })
            )
            if (!stored) return
            const labels = known?.labels ?? (yield* models.labels(session.tenantId))
            // Below the threshold as far as the appender knows: no read needed to tell.
            if (known !== undefined && labels.length > 0) {
              const grown = tokens.reduce((sum, each) => sum + each, known.viewTokens)
              if (grown <= catalog.contextWindow(labels[0]!) * COMPACT_AT_SHARE) return
            }
            const latest = yield* sessions.find(session.tenantId, session.id)
            if (Option.isSome(latest)) yield* compact(latest.value, labels)
          })
      }
    })
  )
}
