import { Effect } from "effect"
import type { AgentTurn } from "../agents/AgentProtocol.js"
import { type StoredAgentOutput, agentStateOf, presentAgentOutput } from "../agents/AgentState.js"
import { AgentTurnRepository } from "../agents/AgentTurnRepository.js"
import type { Run } from "../records/Run.js"

/**
 * Runs as the API shows them: an agent step's output with its turns in (`{ turns, … }`, as ever),
 * though the turns are stored as rows of their own. Runs without an agent step cost no query; a
 * page of runs costs one, a run one per agent step.
 */
export const makeRunPresentation = Effect.gen(function* () {
  const turnRows = yield* AgentTurnRepository

  const present = (tenantId: string, runs: ReadonlyArray<Run>) =>
    Effect.gen(function* () {
      const withAgents = runs.filter((run) => run.results.some((result) => agentStateOf(result.output) !== undefined))
      if (withAgents.length === 0) return runs
      const stored = yield* turnRows.ofRuns(
        tenantId,
        withAgents.map((run) => ({ runId: run.id, runAttempt: run.attempt }))
      )
      const byStep = new Map<string, Array<AgentTurn>>()
      for (const { runId, stepIndex, turn } of stored) {
        const key = `${runId}/${stepIndex}`
        byStep.set(key, [...(byStep.get(key) ?? []), turn])
      }
      return runs.map((run): Run => ({
        ...run,
        results: run.results.map((result) => {
          const state = agentStateOf(result.output)
          if (state === undefined) return result
          const turns = (byStep.get(`${run.id}/${result.index}`) ?? []).slice(0, state.turnCount)
          return { ...result, output: presentAgentOutput(result.output as StoredAgentOutput, turns) }
        })
      }))
    })

  /** One run: each agent step's turns by their key, a range of their table's primary key. */
  const one = (run: Run) =>
    Effect.map(
      Effect.forEach(run.results, (result) => {
        const state = agentStateOf(result.output)
        if (state === undefined) return Effect.succeed(result)
        const key = { tenantId: run.tenantId, runId: run.id, stepIndex: result.index, runAttempt: run.attempt }
        return Effect.map(turnRows.list(key), (turns) => ({
          ...result,
          output: presentAgentOutput(result.output as StoredAgentOutput, turns.slice(0, state.turnCount))
        }))
      }),
      (results): Run => ({ ...run, results })
    )

  return { many: present, one }
})
