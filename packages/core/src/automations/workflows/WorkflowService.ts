import { Clock, Context, Effect, Layer, Option } from "effect"
import { Scheduler } from "../../jobs/Scheduler.js"
import { SecretCrypto, isUuid, randomUuid } from "../../platform/Crypto.js"
import { type PermissionDenied, type ValidationFailed, invalidField } from "../../platform/Errors.js"
import { type Listed, listPage } from "../../platform/Keyset.js"
import { LanguageModel } from "../../platform/LanguageModel.js"
import type { Product } from "../../platform/Products.js"
import { ServiceKitSettings } from "../../platform/Settings.js"
import { AgentRepository } from "../agents/AgentRepositories.js"
import { ChannelRepository } from "../channels/ChannelRepositories.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { FlowNotFound, WorkflowNotFound } from "../AutomationsErrors.js"
import { FlowRepository, WorkflowRepository } from "../records/AutomationsRepositories.js"
import { sameSchedule, scheduleIdOf, scheduleOf } from "./Triggers.js"
import type { Flow, JsonObject, Workflow, WrittenWorkflow } from "../records/Workflow.js"
import { sealHookToken } from "../hooks/HookToken.js"
import { type StepRules, checkChannel } from "../steps/StepRules.js"
import { checkSteps, checkTrigger } from "./WorkflowDefinition.js"
import { ToolProfileRepository } from "../governance/GovernanceRepositories.js"
import { SkillRegistry } from "../skills/Skills.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
export const MAX_NAME_LENGTH = 200

export interface WorkflowInput {
  readonly name: string
  readonly active?: boolean | undefined
  readonly triggerJson: unknown
  readonly stepsJson: unknown
}

export interface WorkflowPatch {
  readonly name?: string | undefined
  readonly active?: boolean | undefined
  readonly triggerJson?: unknown
  readonly stepsJson?: unknown
}

/** Who writes: the tenant and what it is entitled to (skills need their products). */
export interface Author {
  readonly tenantId: string
  readonly entitlements: ReadonlyArray<Product>
}

export interface ListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}

type WriteError = ValidationFailed | PermissionDenied

const checkName = (name: string) =>
  name.trim().length === 0 || name.length > MAX_NAME_LENGTH
    ? Effect.fail(invalidField("name", `must be 1 to ${MAX_NAME_LENGTH} characters`))
    : Effect.void

/** The flow's state for a workflow as it now stands. */
const stateOf = (workflow: Workflow, deleted = false): JsonObject => ({
  name: workflow.name,
  active: workflow.active,
  triggerJson: workflow.trigger,
  stepsJson: workflow.steps,
  deleted
})

/**
 * Workflows and their flows: every write is validated against the trigger and step rules and
 * the tenant's entitlements, and bumps the flow's revision in the same unit of work. A schedule
 * or heartbeat workflow's platform schedule changes in that unit too, and only when its timing
 * or active flag does, so that other edits keep its next due time.
 */
export class WorkflowService extends Context.Tag("@servicekit/core/WorkflowService")<
  WorkflowService,
  {
    readonly create: (author: Author, input: WorkflowInput) => Effect.Effect<WrittenWorkflow, WriteError>
    readonly get: (tenantId: string, id: string) => Effect.Effect<Workflow, WorkflowNotFound>
    readonly list: (tenantId: string, query: ListQuery) => Effect.Effect<Listed<Workflow>, ValidationFailed>
    readonly update: (
      author: Author,
      id: string,
      patch: WorkflowPatch
    ) => Effect.Effect<WrittenWorkflow, WriteError | WorkflowNotFound>
    readonly remove: (tenantId: string, id: string) => Effect.Effect<Workflow, WorkflowNotFound>
    readonly getFlow: (tenantId: string, id: string) => Effect.Effect<Flow, FlowNotFound>
    readonly listFlows: (tenantId: string, query: ListQuery) => Effect.Effect<Listed<Flow>, ValidationFailed>
  }
>() {
  static readonly layer = Layer.effect(
    WorkflowService,
    Effect.gen(function* () {
      const workflows = yield* WorkflowRepository
      const flows = yield* FlowRepository
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const scheduler = yield* Scheduler
      const skills = yield* SkillRegistry
      const profiles = yield* ToolProfileRepository
      const agents = yield* AgentRepository
      const channels = yield* ChannelRepository
      const { catalog } = yield* LanguageModel
      const { outboundAllowPrivate } = yield* ServiceKitSettings
      const rulesFor = (author: Author): StepRules => ({
        entitlements: author.entitlements,
        skills,
        modelConfigured: catalog.configured,
        outboundAllowPrivate,
        profile: (name) => Effect.map(profiles.findByName(author.tenantId, name), Option.getOrUndefined),
        agentExists: (id) => Effect.map(agents.find(author.tenantId, id.toLowerCase()), Option.isSome),
        channelExists: (id) =>
          isUuid(id.toLowerCase())
            ? Effect.map(channels.find(author.tenantId, id.toLowerCase()), Option.isSome)
            : Effect.succeed(false)
      })
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const find = (tenantId: string, id: string) =>
        Effect.flatMap(workflows.find(tenantId, id), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new WorkflowNotFound())
        )
      /** Creates, moves or removes the workflow's schedule when its timing or active flag changed. */
      const reschedule = (workflow: Workflow, before: Workflow | undefined, deleted: boolean) => {
        const next = deleted ? undefined : workflow
        if (sameSchedule(before, next)) return Effect.void
        const schedule = next === undefined ? undefined : scheduleOf(next)
        return schedule === undefined ? scheduler.remove(scheduleIdOf(workflow.id)) : scheduler.upsert(schedule)
      }
      /** Stores the workflow (changed from `before`) and moves its flow to the next revision, together. */
      const store = (workflow: Workflow, before?: Workflow, deleted = false) =>
        unit.withTransaction(
          Effect.gen(function* () {
            const at = yield* now
            const previous = yield* flows.find(workflow.tenantId, workflow.flowId)
            const flow: Flow = Option.match(previous, {
              onNone: () => ({
                id: workflow.flowId,
                tenantId: workflow.tenantId,
                workflowId: workflow.id,
                revision: 1,
                state: stateOf(workflow),
                createdAt: at,
                updatedAt: at
              }),
              onSome: (flow) => ({
                ...flow,
                revision: flow.revision + 1,
                state: stateOf(workflow, deleted),
                updatedAt: at
              })
            })
            const stored: Workflow = { ...workflow, revision: flow.revision }
            yield* flows.save(flow)
            if (deleted) yield* workflows.remove(workflow.tenantId, workflow.id)
            else yield* workflows.save(stored)
            yield* reschedule(workflow, before, deleted)
            return stored
          })
        )

      return {
        create: (author, input) =>
          Effect.gen(function* () {
            yield* checkName(input.name)
            const checked = yield* checkTrigger(input.triggerJson)
            yield* checkChannel(checked.channelId, "triggerJson.channelId", rulesFor(author))
            const steps = yield* checkSteps(input.stepsJson, rulesFor(author))
            const { trigger, token } = yield* sealHookToken(crypto, checked)
            const at = yield* now
            const stored = yield* store({
              id: randomUuid(crypto),
              tenantId: author.tenantId,
              name: input.name,
              active: input.active ?? true,
              trigger,
              steps,
              flowId: randomUuid(crypto),
              revision: 1,
              createdAt: at,
              updatedAt: at
            })
            return { ...stored, hookToken: token }
          }),
        get: find,
        list: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => workflows.find(tenantId, cursor),
            (page) => workflows.list(tenantId, page)
          ),
        update: (author, id, patch) =>
          Effect.gen(function* () {
            if (patch.name !== undefined) yield* checkName(patch.name)
            const trigger = patch.triggerJson === undefined ? undefined : yield* checkTrigger(patch.triggerJson)
            if (trigger !== undefined) yield* checkChannel(trigger.channelId, "triggerJson.channelId", rulesFor(author))
            const steps =
              patch.stepsJson === undefined ? undefined : yield* checkSteps(patch.stepsJson, rulesFor(author))
            const current = yield* find(author.tenantId, id)
            const sealed = trigger === undefined ? undefined : yield* sealHookToken(crypto, trigger, current.trigger)
            const stored = yield* store(
              {
                ...current,
                name: patch.name ?? current.name,
                active: patch.active ?? current.active,
                trigger: sealed?.trigger ?? current.trigger,
                steps: steps ?? current.steps,
                updatedAt: yield* now
              },
              current
            )
            return { ...stored, hookToken: sealed?.token }
          }),
        remove: (tenantId, id) =>
          Effect.gen(function* () {
            const current = yield* find(tenantId, id)
            return yield* store({ ...current, updatedAt: yield* now }, current, true)
          }),
        getFlow: (tenantId, id) =>
          Effect.flatMap(flows.find(tenantId, id), (found) =>
            Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new FlowNotFound())
          ),
        listFlows: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => flows.find(tenantId, cursor),
            (page) => flows.list(tenantId, page)
          )
      }
    })
  )
}
