import { Clock, Context, Effect, Layer, Option } from "effect"
import { canonicalJson } from "../../platform/CanonicalJson.js"
import { SecretCrypto, randomUuid } from "../../platform/Crypto.js"
import { type PermissionDenied, type ValidationFailed, invalidField } from "../../platform/Errors.js"
import type { QueueFull } from "../../platform/QueuedWork.js"
import { type Listed, listPage } from "../../platform/Keyset.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { SequenceNotFound, type WorkflowInactive, WorkflowNotFound } from "../AutomationsErrors.js"
import type { Run } from "../records/Run.js"
import { RunEngine, type StartInput, type StartOptions } from "../runs/RunEngine.js"
import type { Workflow } from "../records/Workflow.js"
import { MANUAL_TRIGGER } from "../workflows/WorkflowDefinition.js"
import { type Author, DEFAULT_PAGE_SIZE, type ListQuery, WorkflowService } from "../workflows/WorkflowService.js"
import type { Sequence } from "./Sequence.js"
import { SequenceRepository } from "./SequenceRepository.js"

export interface SequenceInput {
  readonly name: string
  readonly stepsJson: unknown
}

export interface SequencePatch {
  readonly name?: string | undefined
  readonly stepsJson?: unknown
}

type WriteError = ValidationFailed | PermissionDenied

/** The workflow a sequence is materialised into. */
const definitionOf = (sequence: Pick<Sequence, "name" | "steps">) => ({
  name: sequence.name,
  active: true,
  triggerJson: MANUAL_TRIGGER,
  stepsJson: sequence.steps
})

/** Whether the workflow still follows the sequence (it may have been changed through /workflows). */
const follows = (workflow: Workflow, sequence: Sequence) =>
  workflow.active &&
  workflow.name === sequence.name &&
  workflow.trigger.type === "manual" &&
  canonicalJson(workflow.steps) === canonicalJson(sequence.steps)

const checkSteps = (steps: unknown) =>
  Array.isArray(steps) && steps.length === 0
    ? Effect.fail(invalidField("stepsJson", "must hold at least one step"))
    : Effect.void

/**
 * Sequences: each is materialised into a workflow of its own (manual trigger, active), written in
 * the same unit of work as the sequence, so the workflow's rules (step types, skills,
 * entitlements, tool profiles) apply to it unchanged. A run materialises it again first when its
 * workflow was changed or removed elsewhere, then starts a run of it; runs already started keep the
 * steps they started with, so editing a sequence changes only the runs that start afterwards.
 */
export class SequenceService extends Context.Tag("@servicekit/core/SequenceService")<
  SequenceService,
  {
    readonly create: (author: Author, input: SequenceInput) => Effect.Effect<Sequence, WriteError>
    readonly get: (tenantId: string, id: string) => Effect.Effect<Sequence, SequenceNotFound>
    readonly list: (tenantId: string, query: ListQuery) => Effect.Effect<Listed<Sequence>, ValidationFailed>
    readonly update: (
      author: Author,
      id: string,
      patch: SequencePatch
    ) => Effect.Effect<Sequence, WriteError | SequenceNotFound>
    readonly remove: (tenantId: string, id: string) => Effect.Effect<Sequence, SequenceNotFound>
    readonly run: (
      author: Author,
      id: string,
      input: StartInput,
      options?: Pick<StartOptions, "test">
    ) => Effect.Effect<Run, WriteError | SequenceNotFound | WorkflowInactive | QueueFull>
  }
>() {
  static readonly layer = Layer.effect(
    SequenceService,
    Effect.gen(function* () {
      const sequences = yield* SequenceRepository
      const workflows = yield* WorkflowService
      const runs = yield* RunEngine
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const find = (tenantId: string, id: string) =>
        Effect.flatMap(sequences.find(tenantId, id), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new SequenceNotFound())
        )

      /** The sequence's workflow made to follow it (created again when it was removed); the sequence as stored. */
      const materialise = (author: Author, sequence: Sequence) =>
        Effect.gen(function* () {
          const current = yield* Effect.option(workflows.get(author.tenantId, sequence.workflowId))
          if (Option.isSome(current) && follows(current.value, sequence)) return sequence
          if (Option.isSome(current)) {
            yield* workflows.update(author, sequence.workflowId, definitionOf(sequence))
            return sequence
          }
          const created = yield* workflows.create(author, definitionOf(sequence))
          const relinked: Sequence = { ...sequence, workflowId: created.id, updatedAt: yield* now }
          yield* sequences.save(relinked)
          return relinked
        })

      return {
        create: (author, input) =>
          Effect.gen(function* () {
            yield* checkSteps(input.stepsJson)
            return yield* unit.withTransaction(
              Effect.gen(function* () {
                const workflow = yield* workflows.create(author, {
                  name: input.name,
                  active: true,
                  triggerJson: MANUAL_TRIGGER,
                  stepsJson: input.stepsJson
                })
                const at = yield* now
                const sequence: Sequence = {
                  id: randomUuid(crypto),
                  tenantId: author.tenantId,
                  name: workflow.name,
                  steps: workflow.steps,
                  workflowId: workflow.id,
                  revision: 1,
                  createdAt: at,
                  updatedAt: at
                }
                yield* sequences.save(sequence)
                return sequence
              })
            )
          }),
        get: find,
        list: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => sequences.find(tenantId, cursor),
            (page) => sequences.list(tenantId, page)
          ),
        update: (author, id, patch) =>
          Effect.gen(function* () {
            if (patch.stepsJson !== undefined) yield* checkSteps(patch.stepsJson)
            return yield* unit.withTransaction(
              Effect.gen(function* () {
                const current = yield* find(author.tenantId, id)
                const linked = yield* materialise(author, current)
                const workflow = yield* workflows.update(author, linked.workflowId, {
                  name: patch.name,
                  stepsJson: patch.stepsJson
                })
                const updated: Sequence = {
                  ...linked,
                  name: workflow.name,
                  steps: workflow.steps,
                  revision: current.revision + 1,
                  updatedAt: yield* now
                }
                yield* sequences.save(updated)
                return updated
              })
            )
          }).pipe(Effect.catchTag("WorkflowNotFound", () => Effect.fail(new SequenceNotFound()))),
        remove: (tenantId, id) =>
          unit.withTransaction(
            Effect.gen(function* () {
              const current = yield* find(tenantId, id)
              yield* sequences.remove(tenantId, id)
              yield* Effect.ignore(workflows.remove(tenantId, current.workflowId))
              return current
            })
          ),
        run: (author, id, input, options) =>
          Effect.gen(function* () {
            const linked = yield* unit.withTransaction(
              Effect.flatMap(find(author.tenantId, id), (current) => materialise(author, current))
            )
            return yield* runs.request(author.tenantId, linked.workflowId, input, options)
          }).pipe(
            Effect.catchIf(
              (error): error is WorkflowNotFound => error instanceof WorkflowNotFound,
              () => Effect.fail(new SequenceNotFound())
            )
          )
      }
    })
  )
}
