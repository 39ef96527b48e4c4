import { Either, Schema } from "effect"
import type { AgentTurn } from "./AgentProtocol.js"

/**
 * Where an agent step stands, as its step result stores it: a versioned, schema-checked value.
 * Its turns are rows of their own (AgentTurnRepository), written as each changes, so the bytes
 * a turn writes stay the same however long the loop grows; the state counts them and says what
 * interrupted the loop, if anything:
 * - `approval`: the turn's call waits for a person (the approval `approvalId`);
 * - `call`: the turn's call was stored before it ran (it has side effects) or its work goes on
 *   elsewhere (a node): a worker going on runs it (again) under the turn's idempotency key.
 */
export const AgentInterruption = Schema.Union(
  Schema.TaggedStruct("approval", { turn: Schema.Int, approvalId: Schema.String }),
  Schema.TaggedStruct("call", { turn: Schema.Int })
)
export type AgentInterruption = typeof AgentInterruption.Type

export const AGENT_STATE_VERSION = 1

export const AgentState = Schema.Struct({
  agentStateVersion: Schema.Literal(AGENT_STATE_VERSION),
  turnCount: Schema.Int.pipe(Schema.nonNegative()),
  interruption: Schema.NullOr(AgentInterruption)
})
export type AgentState = typeof AgentState.Type

/** What an agent step's result stores: its state, and once done its `text`, `model` and `sessionId`. */
export type StoredAgentOutput = AgentState & { readonly [field: string]: unknown }

const decodeState = Schema.decodeUnknownEither(AgentState)

/** The agent state a step's output holds, if it holds one. */
export const agentStateOf = (output: unknown): AgentState | undefined => Either.getOrUndefined(decodeState(output))

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * The turns a step output written by an earlier build holds inline (`{ turns: [...] }`), and what
 * interrupted it, read the way that build wrote it: a last turn whose call has no result.
 */
export const legacyAgentProgress = (
  output: unknown
): { readonly turns: ReadonlyArray<AgentTurn>; readonly interruption: AgentInterruption | null } | undefined => {
  if (!isObject(output) || !Array.isArray(output.turns) || "agentStateVersion" in output) return undefined
  const turns = output.turns as ReadonlyArray<AgentTurn>
  const last = turns.at(-1)
  const open = last !== undefined && last.feedback === null && last.call !== null
  const interruption: AgentInterruption | null = !open
    ? null
    : last.verdict === "approval"
      ? { _tag: "approval", turn: last.turn, approvalId: last.approvalId ?? "" }
      : { _tag: "call", turn: last.turn }
  return { turns, interruption }
}

/**
 * A step output holding an agent state as the API shows it: the state's bookkeeping left out and
 * the turns in (`{ turns }`, with `text`, `model` and `sessionId` once done).
 */
export const presentAgentOutput = (
  output: StoredAgentOutput,
  turns: ReadonlyArray<AgentTurn>
): unknown => {
  const { agentStateVersion: _version, turnCount: _count, interruption: _interruption, ...rest } = output
  return { ...rest, turns }
}
