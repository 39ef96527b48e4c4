import type { Layer } from "effect"
import { accounts } from "./accounts/Accounts.js"
import { automations } from "./automations/AutomationsModule.js"
import { calling } from "./calling/Calling.js"
import { chat } from "./chat/ChatModule.js"
import { growth } from "./growth/GrowthModule.js"
import { operations } from "./operations/Operations.js"
import { transactional } from "./transactional/TransactionalModule.js"
import type { ImplementedGroup } from "./http/Implement.js"
import type { Skill } from "./module/Skill.js"

/**
 * The one list of modules. The API, the services, the engine's routes, the memory fakes, the
 * CLI and the development bootstrap are folded from it here; the adapters' storage and the
 * conformance suites are records keyed by `ModuleName`, so a module missing there does not
 * compile. Order matters where a module's storage refers to an earlier one's (keys → tenants), or
 * its services use an earlier one's (growth → transactional's email pipeline).
 */
export const modules = [operations, accounts, calling, chat, transactional, growth, automations] as const

export type Modules = typeof modules
export type ModuleName = Modules[number]["name"]

// Distributive, unlike Layer.Layer.Success and Context, so that a union of layers gives the union.
type Provides<L> = L extends Layer.Layer<infer A, any, any> ? A : never
type Needs<L> = L extends Layer.Layer<any, any, infer R> ? R : never

/** Every module's storage ports. */
export type StoragePorts = Provides<Modules[number]["memory"]>

/** Every module's business services. */
export type ModuleServices = Provides<Modules[number]["services"]>

type GroupOf<I> = I extends ImplementedGroup<infer G, any> ? G : never
type RequirementsOf<I> = I extends ImplementedGroup<any, infer R> ? R : never

/** The contract's groups, across modules. */
export type ModuleGroups = GroupOf<Modules[number]["groups"][number]>

type SkillNeeds<S> = S extends ReadonlyArray<infer Each> ? (Each extends Skill<infer R> ? R : never) : never

/** What the modules' services, handlers and skills need to be built and run. */
export type ModuleRequirements =
  | Needs<Modules[number]["services"]>
  | RequirementsOf<Modules[number]["groups"][number]>
  | SkillNeeds<Exclude<Modules[number]["skills"], undefined>>

/**
 * The skills the modules own, in module order: the platform's built-in skills. A skill's
 * requirements are among `ModuleRequirements`, which the root checks the kit provides.
 */
export const builtInSkills: ReadonlyArray<Skill<ModuleRequirements>> = modules.flatMap(
  (module): ReadonlyArray<Skill<ModuleRequirements>> => ("skills" in module ? (module.skills ?? []) : [])
)
