import type { JsonObject } from "../records/Workflow.js"

/**
 * A session: a transcript an agent keeps across turns and runs, with a scope that says who shares
 * it. `dm` is one peer's (a visitor's) conversation with an agent, `group` a group's, `channel` a
 * channel's, `run` one run's, `workspace` the whole account's (per agent).
 */
export const SESSION_SCOPES = ["dm", "group", "run", "channel", "workspace"] as const
export type SessionScope = (typeof SESSION_SCOPES)[number]
export const MAX_PEER_LENGTH = 200

export interface Session {
  readonly id: string
  readonly tenantId: string
  readonly scope: SessionScope
  readonly agentId: string | null
  /** Who the session is with: a peer's external id (dm), a group's id, a channel's id or a run's id; null for workspace. */
  readonly peer: string | null
  /** `<scope>:<agentId or ->:<peer or ->`: one session per key and tenant. */
  readonly key: string
  readonly title: string | null
  /** Entries up to this sequence number are covered by the summary `summarySeq` (0: none yet). */
  readonly compactedThrough: number
  readonly summarySeq: number | null
  /** The sequence number the next entry takes. */
  readonly nextSeq: number
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** `user`: what the agent was asked; `assistant`: a model reply; `tool`: a call's result; `summary`: older entries compacted. */
export type SessionRole = "user" | "assistant" | "tool" | "summary"

export interface SessionEntry {
  readonly id: string
  readonly tenantId: string
  readonly sessionId: string
  /** Its place in the session, from 1; numbers a dropped append reserved stay unused. */
  readonly seq: number
  readonly role: SessionRole
  readonly content: string
  /** The call an assistant entry made. */
  readonly toolCall: { readonly skillId: string; readonly input: JsonObject } | null
  /** A tool entry's call: the assistant entry that made it. */
  readonly callSeq: number | null
  /** The entries a summary covers. */
  readonly covers: { readonly fromSeq: number; readonly toSeq: number } | null
  /** What wrote it, unique in its session (`<runId>:<step>:<attempt>:<turn>:<part>`): writing it again is dropped. */
  readonly source: string | null
  /** Its estimated size in tokens. */
  readonly tokens: number
  readonly createdAt: Date
}

/** An entry to append: the session numbers, dates and sizes it. */
export interface NewSessionEntry {
  readonly role: Exclude<SessionRole, "summary">
  readonly content: string
  readonly toolCall?: SessionEntry["toolCall"] | undefined
  readonly source: string | null
  /** A tool entry's call, as the index of its assistant entry among the entries appended with it. */
  readonly callIndex?: number | undefined
}

/** The key of a session: one per tenant, scope, agent and peer. */
export const sessionKey = (scope: SessionScope, agentId: string | null, peer: string | null) =>
  `${scope}:${agentId ?? "-"}:${peer ?? "-"}`

/**
 * Tokens a text costs, estimated: about four characters a token for English and code, plus a
 * few for the message around it. Good enough to decide when to compact; providers count exactly.
 */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4) + 4
