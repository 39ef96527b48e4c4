import { Effect } from "effect"
import { implement } from "../../http/Implement.js"
import { pageJson } from "../../http/Pages.js"
import { ApiCaller } from "../../http/Security.js"
import { inTestMode, runJson } from "../runs/RunHandlers.js"
import type { Sequence } from "./Sequence.js"
import { SequenceService } from "./SequenceService.js"
import { SequencesApi } from "./SequencesApi.js"

export const sequenceJson = (sequence: Sequence) => ({
  id: sequence.id,
  name: sequence.name,
  stepsJson: sequence.steps,
  workflowId: sequence.workflowId,
  revision: sequence.revision,
  createdAt: sequence.createdAt,
  updatedAt: sequence.updatedAt
})

export const sequenceHandlers = implement(
  SequencesApi,
  Effect.gen(function* () {
    const sequences = yield* SequenceService
    return {
      listSequences: ({ urlParams }) =>
        Effect.flatMap(ApiCaller, ({ tenantId }) => sequences.list(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, sequenceJson))
        ),
      createSequence: ({ payload }) =>
        Effect.flatMap(ApiCaller, (caller) => sequences.create(caller, payload)).pipe(Effect.map(sequenceJson)),
      updateSequence: ({ path, payload }) =>
        Effect.flatMap(ApiCaller, (caller) => sequences.update(caller, path.id, payload)).pipe(
          Effect.map(sequenceJson)
        ),
      deleteSequence: ({ path }) =>
        Effect.flatMap(ApiCaller, ({ tenantId }) => sequences.remove(tenantId, path.id)).pipe(Effect.map(sequenceJson)),
      runSequence: ({ path, payload }) =>
        Effect.flatMap(ApiCaller, (caller) => sequences.run(caller, path.id, payload, inTestMode(caller))).pipe(
          Effect.map(runJson)
        )
    }
  })
)
