import { Clock, Context, Effect, Layer, Option } from "effect"
import { SecretCrypto, isUuid, randomUuid } from "../../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../../platform/Errors.js"
import { type Listed, listPage } from "../../platform/Keyset.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { type Agent, ROUTE_KEY } from "./Agent.js"
import { AgentRepository } from "./AgentRepositories.js"
import { AgentNotFound } from "../AutomationsErrors.js"
import { ToolProfileRepository } from "../governance/GovernanceRepositories.js"
import { ModelService } from "../governance/ModelService.js"
import { SkillRegistry } from "../skills/Skills.js"

export const MAX_AGENTS = 100
export const MAX_AGENT_NAME = 100
export const MAX_INSTRUCTIONS = 20_000
export const MAX_ROUTE_KEYS = 20
export const MAX_AGENT_SKILLS = 50
export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100

export interface AgentInput {
  readonly name: string
  readonly instructions: string
  readonly model?: string | null | undefined
  readonly toolProfile?: string | null | undefined
  readonly skills?: ReadonlyArray<string> | undefined
  readonly routeKeys?: ReadonlyArray<string> | undefined
  readonly isDefault?: boolean | undefined
}

export type AgentPatch = Partial<AgentInput>

const hasNul = (text: string) => text.includes("\u0000")

/**
 * Agent profiles (`/automations/agents`), checked against the platform's labels and skills and
 * the account's tool profiles.
 */
export class AgentService extends Context.Tag("@servicekit/core/AgentService")<
  AgentService,
  {
    readonly list: (
      tenantId: string,
      query: { readonly limit?: number | undefined; readonly cursor?: string | undefined }
    ) => Effect.Effect<Listed<Agent>, ValidationFailed>
    readonly get: (tenantId: string, id: string) => Effect.Effect<Agent, AgentNotFound>
    readonly create: (tenantId: string, input: AgentInput) => Effect.Effect<Agent, ValidationFailed>
    readonly update: (
      tenantId: string,
      id: string,
      patch: AgentPatch
    ) => Effect.Effect<Agent, AgentNotFound | ValidationFailed>
    readonly remove: (tenantId: string, id: string) => Effect.Effect<Agent, AgentNotFound>
  }
>() {
  static readonly layer = Layer.effect(
    AgentService,
    Effect.gen(function* () {
      const agents = yield* AgentRepository
      const profiles = yield* ToolProfileRepository
      const skills = yield* SkillRegistry
      const models = yield* ModelService
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const get = (tenantId: string, id: string) =>
        Effect.flatMap(isUuid(id) ? agents.find(tenantId, id) : Effect.succeedNone, (found) =>
          Option.match(found, { onNone: () => Effect.fail(new AgentNotFound()), onSome: Effect.succeed })
        )

      /** Why the agent as it would be stored breaks a rule, or nothing. */
      const check = (agent: Agent) =>
        Effect.gen(function* () {
          if (agent.name.trim() === "" || agent.name.length > MAX_AGENT_NAME || hasNul(agent.name)) {
            return yield* invalidField("name", `must be 1 to ${MAX_AGENT_NAME} characters without NUL`)
          }
          if (
            agent.instructions.trim() === "" ||
            agent.instructions.length > MAX_INSTRUCTIONS ||
            hasNul(agent.instructions)
          ) {
            return yield* invalidField("instructions", `must be 1 to ${MAX_INSTRUCTIONS} characters without NUL`)
          }
          if (agent.model !== null) {
            const problem = models.checkLabel("model", agent.model)
            if (problem !== undefined) return yield* problem
          }
          if (
            agent.toolProfile !== null &&
            Option.isNone(yield* profiles.findByName(agent.tenantId, agent.toolProfile))
          ) {
            return yield* invalidField("toolProfile", `is not a tool profile: ${agent.toolProfile}`)
          }
          if (agent.skills.length > MAX_AGENT_SKILLS) {
            return yield* invalidField("skills", `must list at most ${MAX_AGENT_SKILLS} skills`)
          }
          for (const [index, skillId] of agent.skills.entries()) {
            if (skills.find(skillId) === undefined)
              return yield* invalidField(`skills.${index}`, `is not a known skill: ${skillId}`)
          }
          if (agent.routeKeys.length > MAX_ROUTE_KEYS) {
            return yield* invalidField("route_keys", `must list at most ${MAX_ROUTE_KEYS} keys`)
          }
          for (const [index, key] of agent.routeKeys.entries()) {
            if (!ROUTE_KEY.test(key)) {
              return yield* invalidField(
                `route_keys.${index}`,
                "must be *, peer:<externalId>, channel:<channelId> or event:<type> (at most 200 characters after the colon, no spaces)"
              )
            }
            if (agent.routeKeys.indexOf(key) !== index)
              return yield* invalidField(`route_keys.${index}`, `repeats ${key}`)
          }
        })

      /** Stores the agent; a default agent takes the place of the account's former one. */
      const store = (agent: Agent) =>
        unit.withTransaction(
          Effect.gen(function* () {
            if (agent.isDefault) {
              for (const other of yield* agents.all(agent.tenantId)) {
                if (other.isDefault && other.id !== agent.id)
                  yield* agents.save({ ...other, isDefault: false, updatedAt: agent.updatedAt })
              }
            }
            yield* agents.save(agent)
            return agent
          })
        )

      return {
        list: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => (isUuid(cursor) ? agents.find(tenantId, cursor) : Effect.succeedNone),
            (page) => agents.list(tenantId, page)
          ),
        get,
        create: (tenantId, input) =>
          Effect.gen(function* () {
            const at = yield* now
            const agent: Agent = {
              id: randomUuid(crypto),
              tenantId,
              name: input.name,
              instructions: input.instructions,
              model: input.model ?? null,
              toolProfile: input.toolProfile ?? null,
              skills: input.skills ?? [],
              routeKeys: input.routeKeys ?? [],
              isDefault: input.isDefault ?? false,
              createdAt: at,
              updatedAt: at
            }
            yield* check(agent)
            if ((yield* agents.all(tenantId)).length >= MAX_AGENTS) {
              return yield* invalidField(
                "name",
                `cannot be added: the account has ${MAX_AGENTS} agents, the most it may have`
              )
            }
            return yield* store(agent)
          }),
        update: (tenantId, id, patch) =>
          Effect.gen(function* () {
            const current = yield* get(tenantId, id)
            const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
            const agent: Agent = { ...current, ...defined, updatedAt: yield* now }
            yield* check(agent)
            return yield* store(agent)
          }),
        remove: (tenantId, id) =>
          Effect.gen(function* () {
            const agent = yield* get(tenantId, id)
            yield* agents.remove(tenantId, agent.id)
            return agent
          })
      }
    })
  )
}
