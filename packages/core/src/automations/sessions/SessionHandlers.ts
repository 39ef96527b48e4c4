import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { ApiCaller } from "../../http/Security.js"
import type { Session, SessionEntry } from "./Session.js"
import { SessionService } from "./SessionService.js"
import { SessionsApi } from "./SessionsApi.js"

const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)

export const sessionJson = (session: Session) => ({
  id: session.id,
  scope: session.scope,
  agentId: session.agentId,
  peer: session.peer,
  title: session.title,
  compactedThroughSeq: session.compactedThrough,
  summarySeq: session.summarySeq,
  createdAt: session.createdAt,
  updatedAt: session.updatedAt
})

export const entryJson = (entry: SessionEntry) => ({
  seq: entry.seq,
  role: entry.role,
  content: entry.content,
  toolCall: entry.toolCall,
  callSeq: entry.callSeq,
  covers: entry.covers,
  source: entry.source,
  tokens: entry.tokens,
  createdAt: entry.createdAt
})

export const sessionHandlers = implement(
  SessionsApi,
  Effect.gen(function* () {
    const sessions = yield* SessionService
    return {
      listSessions: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => sessions.list(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, sessionJson))
        ),
      openSession: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => sessions.open(tenantId, payload)).pipe(Effect.map(sessionJson)),
      getSession: ({ path, urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => sessions.get(tenantId, path.id, urlParams)).pipe(
          Effect.map((detail) => ({
            ...sessionJson(detail.session),
            tokenEstimate: detail.tokenEstimate,
            messages: detail.entries.map(entryJson),
            meta: { limit: detail.limit, nextAfter: detail.nextAfter }
          }))
        )
    }
  })
)
