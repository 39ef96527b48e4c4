import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../../platform/Keyset.js"
import { memoryTable } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { Session, SessionEntry, SessionScope } from "./Session.js"

export interface SessionFilter {
  readonly scope?: SessionScope | undefined
  readonly agentId?: string | undefined
  readonly peer?: string | undefined
}

export class SessionRepository extends Context.Tag("@servicekit/core/SessionRepository")<
  SessionRepository,
  {
    /** The tenant's session with `session.key`: the one stored, else `session`, stored now. */
    readonly findOrCreate: (session: Session) => Effect.Effect<Session>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Session>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page, filter: SessionFilter) => Effect.Effect<ReadonlyArray<Session>>
    /**
     * Reserves `count` sequence numbers of the session, in order, and marks it updated at `at`:
     * the first one, or undefined when the session does not exist. Appenders of one session wait
     * for each other here until their unit of work ends.
     */
    readonly reserve: (
      tenantId: string,
      sessionId: string,
      count: number,
      at: Date
    ) => Effect.Effect<number | undefined>
    /** Stores entries whose source the session does not hold yet; answers those stored. */
    readonly insertEntries: (entries: ReadonlyArray<SessionEntry>) => Effect.Effect<ReadonlyArray<SessionEntry>>
    /** The session's entries after `afterSeq`, in order, at most `limit`. */
    readonly entries: (
      tenantId: string,
      sessionId: string,
      range: { readonly afterSeq: number; readonly limit: number }
    ) => Effect.Effect<ReadonlyArray<SessionEntry>>
    readonly findEntry: (tenantId: string, sessionId: string, seq: number) => Effect.Effect<Option.Option<SessionEntry>>
    /**
     * Records a compaction: entries through `through` are covered by the summary `summarySeq`. Only
     * if the session is still compacted through `from` (no other compaction won the race); answers whether it was.
     */
    readonly compact: (
      tenantId: string,
      sessionId: string,
      change: { readonly from: number; readonly through: number; readonly summarySeq: number; readonly at: Date }
    ) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<SessionRepository, never, MemoryDatabase> = Layer.effect(
    SessionRepository,
    Effect.map(MemoryDatabase, (db) => {
      const sessions = memoryTable<Session>(db, "automation_sessions")
      const entries = memoryTable<SessionEntry>(db, "automation_session_entries")
      const ofSession = (tenantId: string, sessionId: string) =>
        [...entries.rows()].filter((entry) => entry.tenantId === tenantId && entry.sessionId === sessionId)
      return SessionRepository.of({
        findOrCreate: (session) =>
          db.run((undo) => {
            const stored = [...sessions.rows()].find(
              (row) => row.tenantId === session.tenantId && row.key === session.key
            )
            if (stored !== undefined) return stored
            sessions.put(session, undo)
            return session
          }),
        find: sessions.find,
        list: (tenantId, page, filter) =>
          sessions.list(
            tenantId,
            page,
            (row) =>
              (filter.scope === undefined || row.scope === filter.scope) &&
              (filter.agentId === undefined || row.agentId === filter.agentId) &&
              (filter.peer === undefined || row.peer === filter.peer)
          ),
        reserve: (tenantId, sessionId, count, at) =>
          db.run((undo) => {
            const session = sessions.get(tenantId, sessionId)
            if (session === undefined) return undefined
            sessions.put({ ...session, nextSeq: session.nextSeq + count, updatedAt: at }, undo)
            return session.nextSeq
          }),
        insertEntries: (added) =>
          db.run((undo) => {
            const stored: Array<SessionEntry> = []
            for (const entry of added) {
              const taken = ofSession(entry.tenantId, entry.sessionId).some(
                (row) => row.seq === entry.seq || (entry.source !== null && row.source === entry.source)
              )
              if (taken) continue
              entries.put(entry, undo)
              stored.push(entry)
            }
            return stored
          }),
        entries: (tenantId, sessionId, { afterSeq, limit }) =>
          db.run(() =>
            ofSession(tenantId, sessionId)
              .filter((entry) => entry.seq > afterSeq)
              .sort((a, b) => a.seq - b.seq)
              .slice(0, limit)
          ),
        findEntry: (tenantId, sessionId, seq) =>
          db.run(() => Option.fromNullable(ofSession(tenantId, sessionId).find((entry) => entry.seq === seq))),
        compact: (tenantId, sessionId, { at, from, summarySeq, through }) =>
          db.run((undo) => {
            const session = sessions.get(tenantId, sessionId)
            if (session === undefined || session.compactedThrough !== from) return false
            sessions.put({ ...session, compactedThrough: through, summarySeq, updatedAt: at }, undo)
            return true
          })
      })
    })
  )
}
