import type { Migration } from "kysely"

/** One owner's migrations, as the plan reads them (see `MigrationSequence` in ModuleStorage.ts). */
export interface MigrationOwner {
  readonly name: string
  readonly dependsOn: ReadonlyArray<string>
  readonly migrations: Readonly<Record<string, Migration>>
}

/** A migration in the order it runs, with the owner that declared it. */
export interface PlannedMigration {
  readonly name: string
  readonly owner: string
  readonly migration: Migration
}

/**
 * The last number of the names every owner shared (`0001_accounts` … `0034_…`). Databases hold
 * them as applied, so they stay as they are; any newer migration is numbered within its owner.
 */
export const LAST_SHARED_NUMBER = 34

const sharedName = /^(\d{4})_[a-z0-9_]+$/
const ownedName = /^([a-z0-9_]+)\/(\d{4})_[a-z0-9_]+$/

const number = (value: number) => String(value).padStart(4, "0")

const isShared = (name: string) => {
  const match = sharedName.exec(name)
  return match !== null && Number(match[1]) <= LAST_SHARED_NUMBER
}

const checkDependencies = (owners: ReadonlyArray<MigrationOwner>) => {
  const known = new Set(owners.map((owner) => owner.name))
  for (const owner of owners) {
    const unknown = owner.dependsOn.filter((dependency) => !known.has(dependency))
    if (unknown.length > 0) {
      const modules = [...known].join(", ")
      throw new Error(`Module ${owner.name} depends on ${unknown.join(", ")}, which no module is called (modules: ${modules})`)
    }
  }
}

/** An owner's own names, in sequence: `<owner>/0001_<what>`, `<owner>/0002_<what>`, … with no gap. */
const ownSequence = (owner: MigrationOwner): ReadonlyArray<string> => {
  const own = Object.keys(owner.migrations)
    .filter((name) => !isShared(name))
    .sort()
  own.forEach((name, index) => {
    const match = ownedName.exec(name)
    if (match === null || match[1] !== owner.name || Number(match[2]) !== index + 1) {
      throw new Error(
        `Module ${owner.name}'s migration ${name} does not follow its sequence: expected ${owner.name}/${number(index + 1)}_<what>` +
          ` (the numbers shared by every module end at ${number(LAST_SHARED_NUMBER)})`
      )
    }
  })
  return own
}

const checkClaims = (owners: ReadonlyArray<MigrationOwner>) => {
  const claims = new Map<string, string>()
  for (const owner of owners) {
    for (const name of Object.keys(owner.migrations)) {
      const claimed = claims.get(name)
      if (claimed !== undefined) throw new Error(`Migration ${name} is claimed by both ${claimed} and ${owner.name}`)
      claims.set(name, owner.name)
    }
  }
}

/** Owners with every owner's dependencies before it; among independent owners, the declared order. */
const dependencyOrder = (owners: ReadonlyArray<MigrationOwner>): ReadonlyArray<MigrationOwner> => {
  const byName = new Map(owners.map((owner) => [owner.name, owner]))
  const ordered: Array<MigrationOwner> = []
  const done = new Set<string>()
  const visit = (owner: MigrationOwner, path: ReadonlyArray<string>) => {
    if (done.has(owner.name)) return
    if (path.includes(owner.name)) {
      const cycle = [...path.slice(path.indexOf(owner.name)), owner.name]
      throw new Error(`Modules ${cycle.join(" -> ")} depend on each other in a cycle`)
    }
    for (const dependency of owner.dependsOn) visit(byName.get(dependency)!, [...path, owner.name])
    done.add(owner.name)
    ordered.push(owner)
  }
  for (const owner of owners) visit(owner, [])
  return ordered
}

/**
 * Every owner's migrations in the order they run, checked first: an unknown dependency, a cycle,
 * a name outside its owner's sequence or a name claimed twice throws, naming the module(s).
 * The shared names run first in their number's order, as they always have; then each owner's own
 * sequence, after those of the owners it depends on. Applied migrations are skipped wherever they
 * stand, so an owner's new migration still runs on a database where a later owner's ran before it:
 * it can only build on its own dependencies, whose migrations are all behind it.
 */
export const planMigrations = (owners: ReadonlyArray<MigrationOwner>): ReadonlyArray<PlannedMigration> => {
  checkDependencies(owners)
  const sequences = new Map(owners.map((owner) => [owner.name, ownSequence(owner)]))
  checkClaims(owners)
  const planned = (owner: MigrationOwner, name: string): PlannedMigration => ({
    name,
    owner: owner.name,
    migration: owner.migrations[name]!
  })
  const shared = owners
    .flatMap((owner) => Object.keys(owner.migrations).filter(isShared).map((name) => planned(owner, name)))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const owned = dependencyOrder(owners).flatMap((owner) =>
    sequences.get(owner.name)!.map((name) => planned(owner, name))
  )
  return [...shared, ...owned]
}
