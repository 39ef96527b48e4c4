import { Effect, Option } from "effect"
import { type Agent, type RouteTarget, routeAgent } from "../agents/Agent.js"
import type { AgentTurn } from "../agents/AgentProtocol.js"
import { AgentRepository } from "../agents/AgentRepositories.js"
import type { Run } from "../records/Run.js"
import type { JsonObject } from "../records/Workflow.js"
import type { NewSessionEntry, SessionScope } from "../sessions/Session.js"

/** What an agent step runs as and with: its agent, its routing, its session, and what it appends to that session. */

/**
 * Who an agent step runs as: the agent it names (`agent`), else, without instructions of its own,
 * the agent the run routes to (see routeTargetOf), else itself. The step's own fields win over the
 * agent's. A reason when the named agent is gone or none is routed to.
 */
export const agentOfStep = (run: Run, step: JsonObject) =>
  Effect.gen(function* () {
    const agents = yield* AgentRepository
    let agent: Agent | undefined
    if (typeof step.agent === "string") {
      agent = Option.getOrUndefined(yield* agents.find(run.tenantId, step.agent))
      if (agent === undefined) return `The agent ${step.agent} does not exist.`
    } else if (typeof step.instructions !== "string") {
      agent = routeAgent(yield* agents.all(run.tenantId), routeTargetOf(run))
      if (agent === undefined) return "No agent's route key matches this run, and the account has no default agent."
    }
    if (agent === undefined) return { agent, step }
    const merged: JsonObject = {
      instructions: agent.instructions,
      skills: agent.skills,
      ...(agent.toolProfile === null ? {} : { toolProfile: agent.toolProfile }),
      ...Object.fromEntries(Object.entries(step).filter(([, value]) => value !== undefined))
    }
    return { agent, step: merged }
  })

/**
 * What a run brings to routing: its trigger's event (`event:<type>`), and from its payload the
 * `channelId` (`channel:<id>`) and the peer (`peer:<id>`): `peer`, else a visitor message's author.
 */
export const routeTargetOf = (run: Run): RouteTarget => {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined)
  const message = run.payload.message as JsonObject | undefined
  const author = message?.authorType === "visitor" ? text(message.authorId) : undefined
  return {
    event: run.trigger.event ?? undefined,
    channelId: text(run.payload.channelId),
    peer: text(run.payload.peer) ?? author
  }
}

/** The session an agent step keeps: `session.scope` (default `run`, whose peer is the run) and its peer. */
export const sessionOfStep = (run: Run, step: JsonObject): { readonly scope: SessionScope; readonly peer: string | null } => {
  const chosen = (typeof step.session === "object" && step.session !== null ? step.session : {}) as JsonObject
  const scope = (typeof chosen.scope === "string" ? chosen.scope : "run") as SessionScope
  if (scope === "run") return { scope, peer: run.id }
  return { scope, peer: typeof chosen.peer === "string" ? chosen.peer : null }
}

/**
 * A finished step's conversation as session entries: the run's input, then each turn's reply (with
 * the call it made) and what went back. Their sources name the run attempt, step and turn, so a
 * step finished again after a crash appends nothing twice.
 */
export const sessionEntries = (
  run: Run,
  index: number,
  input: string,
  turns: ReadonlyArray<AgentTurn>
): ReadonlyArray<NewSessionEntry> => {
  const source = (turn: number, part: string) => `${run.id}:${index}:${run.attempt}:${turn}:${part}`
  const entries: Array<NewSessionEntry> = [{ role: "user", content: input, source: source(0, "input") }]
  for (const turn of turns) {
    const callIndex = entries.length
    entries.push({ role: "assistant", content: turn.reply, toolCall: turn.call, source: source(turn.turn, "reply") })
    if (turn.feedback === null) continue
    entries.push(
      turn.call === null
        ? { role: "user", content: turn.feedback, source: source(turn.turn, "prompt") }
        : { role: "tool", content: turn.feedback, source: source(turn.turn, "result"), callIndex }
    )
  }
  return entries
}
