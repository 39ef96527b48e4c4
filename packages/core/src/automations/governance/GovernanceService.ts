import { Clock, Context, Effect, Layer, Option } from "effect"
import { SecretCrypto, randomUuid } from "../../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../../platform/Errors.js"
import { type Listed, listPage } from "../../platform/Keyset.js"
import type { Policy, ToolProfile } from "./Governance.js"
import { PolicyRepository, ToolProfileRepository } from "./GovernanceRepositories.js"
import { SkillRegistry } from "../skills/Skills.js"

export const MAX_STANDING_ORDERS = 20_000
export const MAX_PROFILE_ENTRIES = 200
export const PROFILE_NAME = /^[A-Za-z0-9_.-]{1,100}$/
export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100

export interface ToolProfileInput {
  readonly name: string
  readonly allow?: ReadonlyArray<string> | undefined
  readonly deny?: ReadonlyArray<string> | undefined
  readonly requireApprovalSkills?: ReadonlyArray<string> | undefined
}

/**
 * What governs runs: the tenant's standing orders (`{{policy}}`) and its tool profiles, whose
 * entries must name skills the platform knows.
 */
export class GovernanceService extends Context.Tag("@servicekit/core/GovernanceService")<
  GovernanceService,
  {
    /** The tenant's policy; empty standing orders when none was written. */
    readonly getPolicy: (
      tenantId: string
    ) => Effect.Effect<Policy | { readonly standingOrders: ""; readonly updatedAt: null }>
    readonly putPolicy: (tenantId: string, standingOrders: string) => Effect.Effect<Policy, ValidationFailed>
    readonly listProfiles: (
      tenantId: string,
      query: { readonly limit?: number | undefined; readonly cursor?: string | undefined }
    ) => Effect.Effect<Listed<ToolProfile>, ValidationFailed>
    /** Creates the profile with this name, or replaces its lists. */
    readonly putProfile: (tenantId: string, input: ToolProfileInput) => Effect.Effect<ToolProfile, ValidationFailed>
  }
>() {
  static readonly layer = Layer.effect(
    GovernanceService,
    Effect.gen(function* () {
      const policies = yield* PolicyRepository
      const profiles = yield* ToolProfileRepository
      const skills = yield* SkillRegistry
      const crypto = yield* SecretCrypto
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      /** Each entry a known skill (with `!` where negation is allowed), none twice. */
      const checkList = (field: string, entries: ReadonlyArray<string>, negatable: boolean) =>
        Effect.gen(function* () {
          if (entries.length > MAX_PROFILE_ENTRIES) {
            return yield* invalidField(field, `must list at most ${MAX_PROFILE_ENTRIES} skills`)
          }
          for (const [index, entry] of entries.entries()) {
            const skillId = negatable && entry.startsWith("!") ? entry.slice(1) : entry
            if (skills.find(skillId) === undefined) {
              return yield* invalidField(`${field}.${index}`, `is not a known skill: ${entry}`)
            }
            if (entries.indexOf(entry) !== index) return yield* invalidField(`${field}.${index}`, `repeats ${entry}`)
          }
          return entries
        })

      return {
        getPolicy: (tenantId) =>
          Effect.map(
            policies.find(tenantId),
            Option.getOrElse(() => ({ standingOrders: "" as const, updatedAt: null }))
          ),
        putPolicy: (tenantId, standingOrders) =>
          Effect.gen(function* () {
            if (standingOrders.length > MAX_STANDING_ORDERS) {
              return yield* invalidField("standingOrders", `must be at most ${MAX_STANDING_ORDERS} characters`)
            }
            const policy: Policy = { tenantId, standingOrders, updatedAt: yield* now }
            yield* policies.save(policy)
            return policy
          }),
        listProfiles: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => profiles.find(tenantId, cursor),
            (page) => profiles.list(tenantId, page)
          ),
        putProfile: (tenantId, input) =>
          Effect.gen(function* () {
            if (!PROFILE_NAME.test(input.name)) {
              return yield* invalidField("name", "must be 1 to 100 letters, digits, dots, dashes or underscores")
            }
            const allow = yield* checkList("allow", input.allow ?? [], false)
            const deny = yield* checkList("deny", input.deny ?? [], false)
            const requireApprovalSkills = yield* checkList(
              "requireApprovalSkills",
              input.requireApprovalSkills ?? [],
              true
            )
            const at = yield* now
            return yield* profiles.upsert({
              id: randomUuid(crypto),
              tenantId,
              name: input.name,
              allow,
              deny,
              requireApprovalSkills,
              createdAt: at,
              updatedAt: at
            })
          })
      }
    })
  )
}
