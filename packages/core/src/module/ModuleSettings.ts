import { Config, Option } from "effect"
import type { Settings } from "../platform/Settings.js"

/** The deployment a host runs as (`SERVICEKIT_ENV`): some defaults differ by it. */
export type Deployment = "development" | "staging" | "production"

/**
 * How a host reads a module's settings: its environment variables as host options (also given
 * in code, e.g. `createServiceKit({ mailFrom })`, where they win), the checks that need them
 * merged, and the kit's settings they set. Every variable is in the README's table.
 */
export interface ModuleSettings<Options extends object> {
  /** The module's variables, parsed and checked one by one, with their defaults for `deployment`. */
  readonly environment: (deployment: Deployment) => Config.Config<Options>
  /** A rule the merged options break, worded with the variable's name; undefined when none. */
  check?(options: Options): string | undefined
  /** The kit's settings the options set. */
  settings(options: Options): Partial<Settings>
}

/** Declares a module's settings, keeping its options' type for the host's configuration. */
export const defineSettings = <Options extends object>(settings: ModuleSettings<Options>): ModuleSettings<Options> =>
  settings

type Intersection<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void ? I : never
type OptionsOf<S> = S extends ModuleSettings<infer Options> ? Options : never

/** The host options of every module in `Modules` that declares settings, as one type. */
export type SettingsOptionsOf<Modules extends ReadonlyArray<{ readonly settings?: unknown }>> = Intersection<
  OptionsOf<NonNullable<Modules[number]["settings"]>>
>

/** A variable that may be unset (or empty, which counts as unset). */
export const optionalVariable = (name: string): Config.Config<string | undefined> =>
  Config.option(Config.nonEmptyString(name)).pipe(Config.map(Option.getOrUndefined))

/** A host name of two labels or more, as settings that name a domain take it. */
export const DOMAIN_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/i

/** A positive integer variable, `fallback` when unset. */
export const positiveInteger = (name: string, fallback: number): Config.Config<number> =>
  Config.integer(name).pipe(
    Config.validate({ message: "must be a positive integer", validation: (n) => n > 0 }),
    Config.withDefault(fallback)
  )
