import { Effect, Either, Option } from "effect"
import { SkillBusy, SkillFailed, SkillPending } from "../../module/SkillRunner.js"
import { SecretCrypto, randomUuid } from "../../platform/Crypto.js"
import { LanguageModel, type ToolProtocol } from "../../platform/LanguageModel.js"
import { ModelRouter } from "../../platform/ModelRouter.js"
import type { Product } from "../../platform/Products.js"
import { ServiceKitSettings } from "../../platform/Settings.js"
import {
  type AgentBrief,
  type AgentTurn,
  CORRECTIVE_PROMPT,
  DEFAULT_AGENT_TURNS,
  MAX_SAME_CALLS,
  canonicalJson,
  offeredTools,
  openingMessages,
  parseReply,
  readToolCall,
  runInput,
  toolResult,
  transcript
} from "../agents/AgentProtocol.js"
import { verdictOf } from "../governance/Governance.js"
import { ToolProfileRepository, profileOfStep } from "../governance/GovernanceRepositories.js"
import { ModelService } from "../governance/ModelService.js"
import type { ApprovalStatus, Run, StepResult } from "../records/Run.js"
import { type AgentInterruption, AGENT_STATE_VERSION, type AgentState, agentStateOf, legacyAgentProgress } from "../agents/AgentState.js"
import { type AgentStepKey, AgentTurnRepository } from "../agents/AgentTurnRepository.js"
import { SessionService, historyMessages } from "../sessions/SessionService.js"
import { SkillRegistry } from "../skills/Skills.js"
import { agentOfStep, sessionEntries, sessionOfStep } from "./AgentSetting.js"
import { passSkillGate, toolRefusal } from "./SkillGate.js"
import { type StepOutcome, stepFailed, waitForSkill, waitForWork } from "./StepOutcome.js"
import type { JsonObject } from "../records/Workflow.js"

/** Where an agent step stands, as the worker following its run hands it over. */
export interface AgentStepCall {
  readonly run: Run
  readonly index: number
  /** The step with its placeholders filled in. */
  readonly step: JsonObject
  readonly entitlements: ReadonlyArray<Product>
  readonly policy: string
  /**
   * The step's result stored before: a running or waiting step goes on from its state and turns
   * (after an approval, or taken over after a crash); a failed one (a retried run) starts over.
   */
  readonly previous: StepResult | undefined
  /**
   * Stores the step's state with the turns changed since the last time, in one unit of work;
   * false, and nothing written, when the worker no longer holds the run.
   */
  readonly checkpoint: (output: AgentState, turns: ReadonlyArray<AgentTurn>) => Effect.Effect<boolean>
  /** How the approval a turn waited for was decided. */
  readonly decision: (approvalId: string) => Effect.Effect<ApprovalStatus | undefined>
}

const LOST: StepOutcome = { kind: "lost" }

/**
 * Where a step goes on from: its turns and what interrupted it, as stored before (by this build,
 * or inline by an earlier one, whose turns are then written as rows with the next save).
 */
const resumeFrom = (previous: StepResult | undefined, key: AgentStepKey) =>
  Effect.gen(function* () {
    const none = { turns: [] as ReadonlyArray<AgentTurn>, interruption: null as AgentInterruption | null, unsaved: false }
    if (previous === undefined || previous.status === "failed") return none
    const state = agentStateOf(previous.output)
    if (state !== undefined) {
      const turns = (yield* (yield* AgentTurnRepository).list(key)).slice(0, state.turnCount)
      return { turns, interruption: state.interruption, unsaved: false }
    }
    const legacy = legacyAgentProgress(previous.output)
    return legacy === undefined ? none : { ...legacy, unsaved: true }
  })

const cut = (text: string, max = 300) => (text.length <= max ? text : `${text.slice(0, max)}…`)

/**
 * An agent step's tool-calling loop. Each turn asks the tenant's models with the transcript so
 * far, then acts on the reply: FINAL ends the step; TOOL_CALL passes the skill gate a skill step
 * passes (SkillGate: limited to the step's skill list, then entitlement, tool profile, input,
 * approval) and runs the skill
 * with a key for (run attempt, step, turn). Each turn is stored before the next starts, and a
 * call with side effects before it runs, so a resumed step neither asks the model again for a turn
 * it stored nor runs a finished call again. The step runs as its agent (named or routed), reads
 * its session into the prompt, and appends its conversation to the session when it ends.
 */
export const runAgentStep = (call: AgentStepCall) =>
  Effect.gen(function* (): Generator<any, StepOutcome, any> {
    const router = yield* ModelRouter
    const { catalog } = yield* LanguageModel
    const registry = yield* SkillRegistry
    const profiles = yield* ToolProfileRepository
    const crypto = yield* SecretCrypto
    const { outboundAllowPrivate } = yield* ServiceKitSettings
    const { run, index } = call
    const resolved = yield* agentOfStep(run, call.step)
    if (typeof resolved === "string") return stepFailed(resolved)
    const { agent, step } = resolved
    const maxTurns = typeof step.maxTurns === "number" ? step.maxTurns : DEFAULT_AGENT_TURNS
    const allowed = Array.isArray(step.skills) ? step.skills.map(String) : []
    const found = yield* Effect.either(profileOfStep(profiles, run.tenantId, step))
    if (Either.isLeft(found)) return stepFailed(found.left)
    const profile = found.right
    // Read once a step: every turn asks the same labels with the same opening. An agent's own label goes first.
    const accountLabels = yield* (yield* ModelService).labels(run.tenantId)
    const labels =
      agent?.model == null ? accountLabels : [agent.model, ...accountLabels.filter((label) => label !== agent.model)]
    const sessions = yield* SessionService
    const { scope, peer } = sessionOfStep(run, step)
    const opened = yield* Effect.either(sessions.open(run.tenantId, { scope, peer, agentId: agent?.id ?? null }))
    if (Either.isLeft(opened)) {
      const problem = opened.left.details?.[0]
      return stepFailed(
        `The agent's ${scope} session: ${problem ? `${problem.field} ${problem.reason}` : opened.left.message}`
      )
    }
    const session = opened.right
    const memoryPrefix = scope === "workspace" ? undefined : `sessions/${session.id}/`
    const brief: AgentBrief = {
      instructions: String(step.instructions ?? ""),
      policy: call.policy,
      skills: allowed.flatMap((id) => {
        const skill = registry.find(id)
        return skill === undefined || verdictOf(profile, skill) === "denied" ? [] : [skill]
      }),
      context: run.context,
      payload: run.payload
    }
    const offered = offeredTools(brief.skills)
    let history = yield* sessions.view(session)
    /** What a label is asked: the transcript as its tool protocol reads it, and the tools a native one may call. */
    const prompt = (protocol: ToolProtocol) => ({
      messages: transcript(openingMessages(brief, historyMessages(history), protocol), turns, protocol),
      ...(protocol === "native" && offered.length > 0 ? { tools: offered.map((one) => one.tool) } : {})
    })
    // A context the model refuses as too long is met once by compacting the session now.
    let compactedForLength = false
    const stepKey: AgentStepKey = { tenantId: run.tenantId, runId: run.id, stepIndex: index, runAttempt: run.attempt }
    const resumed = yield* resumeFrom(call.previous, stepKey)
    const turns: Array<AgentTurn> = [...resumed.turns]
    let interruption = resumed.interruption
    /** The turns changed since the last save, by number: each save writes those rows only. */
    const changed = new Set<number>(resumed.unsaved ? turns.map((turn) => turn.turn) : [])
    const push = (turn: AgentTurn) => {
      turns.push(turn)
      changed.add(turn.turn)
    }
    const replace = (turn: AgentTurn) => {
      turns[turns.findIndex((one) => one.turn === turn.turn)] = turn
      changed.add(turn.turn)
    }
    const state = (): AgentState => ({ agentStateVersion: AGENT_STATE_VERSION, turnCount: turns.length, interruption })

    /** Runs the skill of a turn (allowed, or approved) and records what came back. */
    const runCall = (turn: AgentTurn) =>
      Effect.gen(function* () {
        const { skillId, input } = turn.call!
        const runner = registry.runner(skillId)!
        const result = yield* Effect.either(
          Effect.suspend(() =>
            runner.run({
              tenantId: run.tenantId,
              runId: run.id,
              stepIndex: index,
              attempt: 1,
              idempotencyKey: `${run.id}:${index}:${run.attempt}:${turn.turn}`,
              test: run.test,
              input,
              memoryPrefix
            })
          )
        )
        // A call whose work goes on elsewhere (a node) leaves the turn open: the step waits, and
        // runs the call again, under the same key, once the run is woken.
        if (Either.isLeft(result) && result.left instanceof SkillPending) return result.left
        const feedback = Either.match(result, {
          onLeft: (error) =>
            toolResult(
              skillId,
              "failed",
              error instanceof SkillFailed || error instanceof SkillBusy ? error.message : String(error)
            ),
          onRight: (output) => toolResult(skillId, "ok", JSON.stringify(output.output ?? null))
        })
        replace({ ...turn, feedback })
        return undefined
      })
    /** The turns changed since the last save: stored with the next write, be it a checkpoint or the step's outcome. */
    const unsaved = () => turns.filter((turn) => changed.has(turn.turn))
    const waitFor = (pending: SkillPending): StepOutcome => ({ ...waitForWork(pending, state()), turns: unsaved() })

    /** Passes a call through the skill gate; a refusal as the model should hear it. */
    const gate = (skillId: string, input: JsonObject) =>
      Effect.map(
        passSkillGate({
          registry,
          skillId,
          input,
          entitlements: call.entitlements,
          profile: Effect.succeed(profile),
          offered: allowed,
          checkedWhenWritten: false,
          outboundAllowPrivate
        }),
        Either.mapLeft((refusal) => ({
          verdict: refusal.kind === "invalid" ? ("invalid" as const) : ("denied" as const),
          feedback: toolRefusal(skillId, refusal)
        }))
      )

    /** Stores the state with the turns changed since the last save. */
    const saved = Effect.suspend(() =>
      Effect.tap(call.checkpoint(state(), unsaved()), (written) => Effect.sync(() => written && changed.clear()))
    )
    /** Ends the step as failed. */
    const failedWith = (error: string, extra: JsonObject = {}): StepOutcome => ({
      ...stepFailed(error, { ...state(), ...extra }),
      turns: unsaved()
    })

    /** Waits for a person to allow a turn's call (asked again when its approval went missing). */
    const waitForApproval = (turn: AgentTurn, approvalId: string): StepOutcome => {
      interruption = { _tag: "approval", turn: turn.turn, approvalId }
      const waiting = waitForSkill(turn.call!.skillId, { input: turn.call!.input, approvalId, output: state() })
      return { ...waiting, turns: unsaved() }
    }
    /** Runs a turn's call; the step waits when its work goes on elsewhere. */
    const runTurnCall = (turn: AgentTurn) =>
      Effect.gen(function* () {
        const waiting = yield* runCall(turn)
        if (waiting !== undefined) {
          interruption = { _tag: "call", turn: turn.turn }
          return waitFor(waiting)
        }
        interruption = null
        return undefined
      })

    /**
     * Takes a pending turn's call through the gates and runs it, or waits for its approval; an
     * outcome when the step ends or waits, undefined when the loop goes on.
     */
    const settle = (pending: AgentTurn) =>
      Effect.gen(function* (): Generator<any, StepOutcome | undefined, any> {
        const { skillId, input } = pending.call!
        const key = canonicalJson(input)
        const same = turns.filter(
          (turn) => turn.turn < pending.turn && turn.call?.skillId === skillId && canonicalJson(turn.call.input) === key
        ).length
        if (same + 1 >= MAX_SAME_CALLS) {
          replace({ ...pending, verdict: "denied" })
          return failedWith(
            `The agent called ${skillId} with the same input ${MAX_SAME_CALLS} times; the loop stopped.`
          )
        }
        const gated = yield* gate(skillId, input)
        if (Either.isLeft(gated)) {
          replace({ ...pending, ...gated.left })
          return (yield* saved) ? undefined : LOST
        }
        const passed = gated.right
        const turn: AgentTurn = { ...pending, call: { skillId, input: passed.input }, verdict: passed.verdict }
        if (passed.verdict === "approval") {
          const approved = { ...turn, approvalId: randomUuid(crypto) }
          replace(approved)
          return waitForApproval(approved, approved.approvalId)
        }
        // A call with side effects is stored before it runs: a worker taking over runs it under the
        // same key. One without is stored with its result (a worker taking over asks for the turn
        // again, or, for a native answer stored with its calls, runs it again).
        replace(turn)
        if (passed.skill.sideEffects) {
          interruption = { _tag: "call", turn: turn.turn }
          if (!(yield* saved)) return LOST
        }
        const waiting = yield* runTurnCall(turn)
        if (waiting !== undefined) return waiting
        return (yield* saved) ? undefined : LOST
      })

    const loop = Effect.gen(function* (): Generator<any, StepOutcome, any> {
      // What interrupted the loop before: an approval now decided, or a call its worker did not see end.
      const interrupted = interruption
      const open = interrupted === null ? undefined : turns.find((turn) => turn.turn === interrupted.turn)
      if (interrupted !== null && open !== undefined && open.call !== null) {
        if (interrupted._tag === "approval") {
          const decided = yield* call.decision(interrupted.approvalId)
          if (decided === "approved") {
            replace({ ...open, verdict: "approved" })
            interruption = { _tag: "call", turn: open.turn }
            if (!(yield* saved)) return LOST
            const waiting = yield* runTurnCall(turns.find((turn) => turn.turn === open.turn)!)
            if (waiting !== undefined) return waiting
          } else if (decided === "rejected" || decided === "expired" || decided === "cancelled") {
            replace({
              ...open,
              verdict: "rejected",
              feedback: toolResult(open.call.skillId, "refused", "a person rejected this call.")
            })
            interruption = null
          } else {
            // Not decided yet (the run was taken up before its decision): it waits for it again.
            return waitForApproval(open, interrupted.approvalId)
          }
        } else {
          const waiting = yield* runTurnCall(open)
          if (waiting !== undefined) return waiting
        }
        if (!(yield* saved)) return LOST
      }

      for (;;) {
        // The calls of the last answer not taken through the gates yet, in order.
        for (let i = 0; i < turns.length; i++) {
          if (turns[i]!.verdict !== "pending") continue
          const outcome = yield* settle(turns[i]!)
          if (outcome !== undefined) return outcome
        }
        if (turns.length >= maxTurns) break
        const number = turns.length + 1
        const asked = yield* Effect.either(router.complete(labels, prompt))
        if (Either.isLeft(asked) && asked.left.last.reason === "context_too_long" && !compactedForLength) {
          compactedForLength = true
          const compacted = yield* sessions.compactNow(session, labels)
          if (Option.isSome(compacted)) {
            history = yield* sessions.view(compacted.value)
            continue
          }
        }
        if (Either.isLeft(asked)) return failedWith(asked.left.message, { attempts: asked.left.attempts })
        const { reply, attempts } = asked.right
        const base = { turn: number, label: reply.label, ms: reply.durationMs, attempts, reply: reply.text }
        const finished = (text: string): StepOutcome => {
          push({ ...base, call: null, verdict: "final", feedback: null })
          return {
            kind: "done",
            output: { output: { text, model: reply.label, sessionId: session.id, ...state() }, outputText: text },
            turns: unsaved()
          }
        }

        if (catalog.toolProtocol(reply.label) === "native" || (reply.toolCalls?.length ?? 0) > 0) {
          const calls = (reply.toolCalls ?? []).slice(0, maxTurns - turns.length)
          if (calls.length === 0) return finished(reply.text.trim())
          // The answer's calls are stored before any runs: a worker taking over goes on with them
          // without asking the model again. Each is a turn, gated and run in order.
          calls.forEach((toolCall, n) => {
            const read = readToolCall(toolCall, offered)
            // The answer's later calls asked the model nothing of their own.
            const turn = n === 0 ? base : { ...base, turn: number + n, answerTurn: number, ms: 0, attempts: [], reply: "" }
            if ("why" in read) {
              const feedback = toolResult(read.skillId, "invalid", read.why)
              push({ ...turn, toolCall, call: null, verdict: "invalid", feedback })
            } else {
              const call = { skillId: read.skillId, input: read.input }
              push({ ...turn, toolCall, call, verdict: "pending", feedback: null })
            }
          })
          if (!(yield* saved)) return LOST
          continue
        }

        const parsed = parseReply(reply.text)
        if (parsed.kind === "final") return finished(parsed.text)
        if (parsed.kind === "malformed") {
          if (turns.at(-1)?.verdict === "malformed") {
            push({ ...base, call: null, verdict: "malformed", feedback: null })
            return failedWith(`The model's reply does not follow the protocol (${parsed.why}): ${cut(reply.text)}`)
          }
          push({ ...base, call: null, verdict: "malformed", feedback: CORRECTIVE_PROMPT })
          if (!(yield* saved)) return LOST
          continue
        }
        // Gated and run at the top of the loop, stored with its result (or before it runs, with side effects).
        push({ ...base, call: { skillId: parsed.skillId, input: parsed.input }, verdict: "pending", feedback: null })
      }
      return failedWith(`The agent did not finish within ${maxTurns} turns.`)
    })

    const outcome = yield* loop
    // A finished step's conversation joins its session (a step waiting for a person joins it once it ends).
    if (outcome.kind === "done" || outcome.kind === "failed") {
      yield* sessions.append(session, sessionEntries(run, index, runInput(brief), turns), {
        labels,
        viewTokens: history.tokens
      })
    }
    return outcome
  })
