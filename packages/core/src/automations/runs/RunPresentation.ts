import { Effect } from "effect"
import type { AgentTurn } from "../agents/AgentProtocol.js"
import { agentStateOf, presentAgentOutput } from "../agents/AgentState.js"
import { AgentTurnRepository } from "../agents/AgentTurnRepository.js"
import type { Run } from "../records/Run.js"

/**
 * Runs as the API shows them: an agent step's output with its turns in (`{ turns, … }`, as ever),
 * though the turns are stored as rows of their own. Runs without an agent step cost no query; a
 * page of runs costs one.
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
          return { ...result, output: presentAgentOutput(result.output, turns) }
        })
      }))
    })

  return {
    many: present,
    one: (run: Run) => Effect.map(present(run.tenantId, [run]), (presented) => presented[0]!)
  }
})
