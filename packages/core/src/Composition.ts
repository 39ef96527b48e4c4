import { Layer } from "effect"
import type { ImplementedGroup } from "./http/Implement.js"
import type { EventSubscriber } from "./jobs/EventBus.js"
import { catalogOf } from "./module/ModuleProducts.js"
import { type ModuleWorker, type PeriodicWork, type ProductModule, groupsOf, subscribersOf } from "./module/ProductModule.js"
import { type RetainedData, RETENTION_KIND } from "./module/Retention.js"
import type { Skill } from "./module/Skill.js"
import { type Catalog, type CatalogSchemas, catalogSchemas } from "./platform/Products.js"
import { modules } from "./Modules.js"

/**
 * What one kit is made of: the built-in modules, then those the kit adds, folded once when the kit
 * is made into its product catalog, routes, workers and skills.
 */
export interface Composition {
  /** The built-in modules, then the added ones. */
  readonly modules: ReadonlyArray<ProductModule>
  readonly catalog: Catalog
  readonly products: CatalogSchemas
  /** Every module's groups with their handlers, the platform admin routes included. */
  readonly groups: ReadonlyArray<ImplementedGroup>
  /** The modules' middleware implementations beyond the built-in authentication. */
  readonly middleware: Layer.Layer<any, never, any>
  /** The skills the modules own, in module order. */
  readonly skills: ReadonlyArray<Skill<any>>
  readonly subscribers: ReadonlyArray<EventSubscriber>
  readonly workers: ReadonlyArray<ModuleWorker>
  /** Every module's sweeps. */
  readonly periodic: ReadonlyArray<PeriodicWork>
  /** The data the modules keep for a period, in module order (see the retention module). */
  readonly retention: ReadonlyArray<RetainedData>
}

const checkNames = (all: ReadonlyArray<ProductModule>) => {
  const seen = new Set<string>()
  for (const { name } of all) {
    if (seen.has(name)) throw new Error(`Two modules are called ${name}: a module's name is its own`)
    seen.add(name)
  }
}

/** Throws, naming them, when `skill` needs products the catalog does not have. */
export const checkSkillProducts = (skill: { readonly id: string; readonly requires: ReadonlyArray<string> }, catalog: Catalog) => {
  const unknown = skill.requires.filter((product) => !catalog.isProduct(product))
  if (unknown.length > 0) throw new Error(`The skill ${skill.id} requires ${unknown.join(", ")}, which no module declares`)
}

const checkSkills = (skills: ReadonlyArray<Skill<any>>, catalog: Catalog) => {
  const ids = new Set<string>()
  for (const skill of skills) {
    if (ids.has(skill.id)) throw new Error(`The skill ${skill.id} is declared by two modules`)
    ids.add(skill.id)
    checkSkillProducts(skill, catalog)
  }
}

const checkRetention = (retained: ReadonlyArray<RetainedData>, catalog: Catalog) => {
  const kinds = new Set<string>()
  for (const { kind, product } of retained) {
    if (!RETENTION_KIND.test(kind)) throw new Error(`The retained kind ${kind} is not named module.data`)
    if (kinds.has(kind)) throw new Error(`The retained kind ${kind} is declared twice`)
    if (product !== undefined && !catalog.isProduct(product)) {
      throw new Error(`The retained kind ${kind} belongs to ${product}, which no module declares`)
    }
    kinds.add(kind)
  }
}

/**
 * The composition of the built-in modules and `added`. Two modules of one name, a product
 * declared twice or a scope claimed twice, and a skill needing a product no module declares
 * throw, naming them: a kit is not made of modules that disagree.
 */
export const compose = (added: ReadonlyArray<ProductModule> = []): Composition => {
  const all: ReadonlyArray<ProductModule> = [...modules, ...added]
  checkNames(all)
  const catalog = catalogOf(all)
  const products = catalogSchemas(catalog)
  const skills = all.flatMap((module): ReadonlyArray<Skill<any>> => module.skills ?? [])
  checkSkills(skills, catalog)
  const retention = all.flatMap((module) => module.retention ?? [])
  checkRetention(retention, catalog)
  return {
    modules: all,
    catalog,
    products,
    groups: all.flatMap((module) => groupsOf(module, products)),
    middleware: Layer.mergeAll(Layer.empty, ...all.flatMap((module) => module.middleware ?? [])),
    skills,
    subscribers: all.flatMap((module) => subscribersOf(module, catalog)),
    workers: all.flatMap((module) => module.workers ?? []),
    periodic: all.flatMap((module) => module.periodic ?? []),
    retention
  }
}

/** The built-in modules alone: a kit that adds none. */
export const builtInComposition: Composition = compose()
