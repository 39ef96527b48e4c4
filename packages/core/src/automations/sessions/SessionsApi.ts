import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../../http/Pages.js"
import { Integer, PageLimit, QueryInteger, Timestamp, Uuid, UuidText, withReason, withoutNul } from "../../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../../http/Security.js"
import { ValidationFailed } from "../../platform/Errors.js"
import { SessionNotFound } from "../AutomationsErrors.js"
import { MAX_PEER_LENGTH, SESSION_SCOPES } from "./Session.js"
import {
  COMPACT_AT_SHARE,
  DEFAULT_ENTRY_PAGE,
  DEFAULT_PAGE_SIZE,
  KEEP_SHARE,
  MAX_ENTRY_PAGE,
  MAX_PAGE_SIZE,
  MAX_TITLE_LENGTH
} from "./SessionService.js"

const Scope = withReason(Schema.Literal(...SESSION_SCOPES), `must be one of ${SESSION_SCOPES.join(", ")}`)
const Peer = withReason(withoutNul(Schema.String), `must be 1 to ${MAX_PEER_LENGTH} characters`).pipe(
  Schema.minLength(1, { message: () => `must be 1 to ${MAX_PEER_LENGTH} characters` }),
  Schema.maxLength(MAX_PEER_LENGTH, { message: () => `must be 1 to ${MAX_PEER_LENGTH} characters` })
)

export const SessionJson = Schema.Struct({
  id: UuidText,
  scope: Schema.Literal(...SESSION_SCOPES),
  agentId: Schema.NullOr(UuidText),
  peer: Schema.NullOr(Schema.String),
  title: Schema.NullOr(Schema.String),
  compactedThroughSeq: Integer.annotations({
    description: "Entries up to this sequence number are covered by the summary `summarySeq` (0: never compacted)."
  }),
  summarySeq: Schema.NullOr(Integer),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "Session",
  description:
    "A transcript with a scope: `dm` (one peer's conversation), `group`, `channel`, `run` (one run's) or `workspace` (the account's). Scopes isolate: two peers never share a `dm` session, and memory an agent reads or writes in a session other than `workspace` stays in that session."
})

export const SessionEntryJson = Schema.Struct({
  seq: Integer,
  role: Schema.Literal("user", "assistant", "tool", "summary"),
  content: Schema.String,
  toolCall: Schema.NullOr(Schema.Struct({ skillId: Schema.String, input: Schema.Unknown })),
  callSeq: Schema.NullOr(Integer).annotations({ description: "A tool result's call: the entry that made it." }),
  covers: Schema.NullOr(Schema.Struct({ fromSeq: Integer, toSeq: Integer })).annotations({
    description: "The entries a summary stands for."
  }),
  source: Schema.NullOr(Schema.String).annotations({
    description: "What wrote it: `<runId>:<step>:<attempt>:<turn>:<part>` for an agent step."
  }),
  tokens: Integer,
  createdAt: Timestamp
}).annotations({ identifier: "SessionEntry" })

export const SessionDetailJson = Schema.Struct({
  ...SessionJson.fields,
  tokenEstimate: Integer.annotations({
    description: "Estimated tokens of what the model reads: the latest summary and the entries after it."
  }),
  messages: Schema.Array(SessionEntryJson),
  meta: Schema.Struct({ limit: Integer, nextAfter: Schema.NullOr(Integer) })
}).annotations({ identifier: "SessionDetail" })

export const SessionParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  scope: Schema.optional(Scope),
  agentId: Schema.optional(Uuid),
  peer: Schema.optional(Peer)
})

export const EntryParams = Schema.Struct({
  limit: Schema.optional(PageLimit(MAX_ENTRY_PAGE, DEFAULT_ENTRY_PAGE)),
  after: Schema.optional(QueryInteger(0, Number.MAX_SAFE_INTEGER, "must be a sequence number"))
})

const SessionBody = Schema.Struct({
  scope: Scope,
  agentId: Schema.optional(Schema.NullOr(Uuid)),
  peer: Schema.optional(Schema.NullOr(Peer)),
  title: Schema.optional(
    Schema.NullOr(
      withReason(withoutNul(Schema.String), `must be at most ${MAX_TITLE_LENGTH} characters`).pipe(
        Schema.maxLength(MAX_TITLE_LENGTH, { message: () => `must be at most ${MAX_TITLE_LENGTH} characters` })
      )
    )
  )
})

const Id = Schema.Struct({ id: Uuid })

/** Sessions over API keys with automations:manage. */
export class SessionsApi extends HttpApiGroup.make("automationSessions")
  .add(
    HttpApiEndpoint.get("listSessions", "/automations/sessions")
      .setUrlParams(SessionParams)
      .addSuccess(PageJson(SessionJson, "SessionPage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List sessions")
      .annotate(OpenApi.Description, "Newest first, optionally of one scope, agent or peer.")
  )
  .add(
    HttpApiEndpoint.post("openSession", "/automations/sessions")
      .setPayload(SessionBody)
      .addSuccess(SessionJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Open a session")
      .annotate(
        OpenApi.Description,
        "Answers the account's session of this scope, agent and peer, creating it if there is none (they make one session; each agent keeps its own). `peer` is required for `dm`, `group`, `channel` and `run`, and absent for `workspace`. Agent steps open theirs the same way."
      )
  )
  .add(
    HttpApiEndpoint.get("getSession", "/automations/sessions/:id")
      .setPath(Id)
      .setUrlParams(EntryParams)
      .addSuccess(SessionDetailJson)
      .addError(ValidationFailed)
      .addError(SessionNotFound)
      .annotate(OpenApi.Summary, "Get a session and its transcript")
      .annotate(
        OpenApi.Description,
        `The session and its entries in order, \`limit\` (default ${DEFAULT_ENTRY_PAGE}) after the sequence number \`after\`: messages, tool calls, their results and compaction summaries. Compaction never deletes: once what the model reads passes ${COMPACT_AT_SHARE * 100}% of the primary model label's context window, the older entries are summarised into a \`summary\` entry and the newest entries within ${KEEP_SHARE * 100}% are kept as they are (a tool result always with its call).`
      )
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "automations:manage")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Automations sessions")
  .annotate(
    OpenApi.Description,
    "Agent and channel transcripts with compaction (API key, scope automations:manage)."
  ) {}
