import type { Layer } from "effect"
import { accounts } from "./accounts/Accounts.js"
import { automations } from "./automations/AutomationsModule.js"
import { calling } from "./calling/Calling.js"
import { chat } from "./chat/ChatModule.js"
import { growth } from "./growth/GrowthModule.js"
import { mailDomains } from "./maildomains/MailDomainsModule.js"
import { mailReputation } from "./mailreputation/MailReputationModule.js"
import { operations } from "./operations/Operations.js"
import { retention } from "./retention/RetentionModule.js"
import { suppressions } from "./suppressions/SuppressionsModule.js"
import { transactional } from "./transactional/TransactionalModule.js"
import { webhooks } from "./webhooks/WebhooksModule.js"
import type { ImplementedGroup } from "./http/Implement.js"
import type { ProductModule } from "./module/ProductModule.js"
import type { Skill } from "./module/Skill.js"

/**
 * The one list of built-in modules. The product catalog, the API, the services, the engine's
 * routes, the memory fakes, the CLI and the development bootstrap are folded from it (with any
 * module a kit adds, after it); the adapters' storage and the conformance suites are records keyed
 * by `ModuleName`, so a module missing there does not compile. Order matters where a module's
 * storage refers to an earlier one's (keys → tenants), or its services use an earlier one's
 * (growth → transactional's email pipeline, transactional → the suppression lists and the sending reputation); the catalog lists products in this order. Webhooks
 * come after chat, whose first migrations made their tables.
 */
export const modules = [operations, accounts, chat, webhooks, calling, mailDomains, suppressions, mailReputation, transactional, growth, automations, retention] as const

export type Modules = typeof modules
export type ModuleName = Modules[number]["name"]

// Distributive, unlike Layer.Layer.Success and Context, so that a union of layers gives the union.
type Provides<L> = L extends Layer.Layer<infer A, any, any> ? A : never
type Needs<L> = L extends Layer.Layer<any, any, infer R> ? R : never

/** The storage ports of a list of modules. */
export type StorageOf<M extends ReadonlyArray<ProductModule>> = Provides<M[number]["memory"]>

/** The business services of a list of modules. */
export type ServicesOf<M extends ReadonlyArray<ProductModule>> = Provides<M[number]["services"]>

type ImplementedOf<G> = G extends (...args: any) => infer Built ? Built : G
type GroupOf<I> = I extends ImplementedGroup<infer G, any> ? G : never
type RequirementsOf<I> = I extends ImplementedGroup<any, infer R> ? R : never
type Implemented<M extends ReadonlyArray<ProductModule>> = ImplementedOf<M[number]["groups"]> extends ReadonlyArray<
  infer Each
>
  ? Each
  : never

/** The contract's groups of a list of modules. */
export type GroupsOf<M extends ReadonlyArray<ProductModule>> = GroupOf<Implemented<M>>

type SkillNeeds<S> = S extends ReadonlyArray<infer Each> ? (Each extends Skill<infer R> ? R : never) : never

/** What a list of modules' services, handlers and skills need to be built and run. */
export type RequirementsOfModules<M extends ReadonlyArray<ProductModule>> =
  | Needs<M[number]["services"]>
  | RequirementsOf<Implemented<M>>
  | SkillNeeds<Exclude<M[number]["skills"], undefined>>

/** Every built-in module's storage ports. */
export type StoragePorts = StorageOf<Modules>

/** Every built-in module's business services. */
export type ModuleServices = ServicesOf<Modules>

/** The contract's groups, across the built-in modules. */
export type ModuleGroups = GroupsOf<Modules>

/** What the built-in modules' services, handlers and skills need to be built and run. */
export type ModuleRequirements = RequirementsOfModules<Modules>

/**
 * The skills the built-in modules own, in module order: the platform's built-in skills. A skill's
 * requirements are among `ModuleRequirements`, which the root checks the kit provides.
 */
export const builtInSkills: ReadonlyArray<Skill<ModuleRequirements>> = modules.flatMap(
  (module): ReadonlyArray<Skill<ModuleRequirements>> => ("skills" in module ? (module.skills ?? []) : [])
)
