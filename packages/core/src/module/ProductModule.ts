import type { HttpApiGroup } from "@effect/platform"
import { Data, type Duration, Effect, type Layer, type Stream } from "effect"
import type { ImplementedGroup } from "../http/Implement.js"
import type { EventSubscriber } from "../jobs/EventBus.js"
import type { JobHandler, QueueDefinition } from "../jobs/JobQueue.js"
import type { Catalog, CatalogSchemas, Product, ProductDeclaration, ProductEvent } from "../platform/Products.js"
import type { Settings } from "../platform/Settings.js"
import type { ModuleSettings } from "./ModuleSettings.js"
import type { RetainedData } from "./Retention.js"
import type { Skill } from "./Skill.js"

/**
 * A module's groups of the contract, each with its handlers; built from the kit's catalog when
 * the contract lists the catalog's products (its enums, and a 400 for any other name).
 */
export type ImplementedGroups<Group extends HttpApiGroup.HttpApiGroup.Any, R> =
  | ReadonlyArray<ImplementedGroup<Group, R>>
  | ((products: CatalogSchemas) => ReadonlyArray<ImplementedGroup<Group, R>>)

/**
 * One product (or the platform's own account management) as a single value: the products it
 * owns, its part of the HTTP contract with handlers, its services, its storage ports' in-memory
 * implementation, its CLI commands and what the development bootstrap creates for it. The root
 * list of modules (Modules.ts), with any a kit adds, is folded into the product catalog, the API,
 * the services, the engine's routes, the memory fakes and the CLI; the adapters package adds each
 * module's Kysely storage and migrations, keyed by the module's name, and @servicekit/conformance
 * its suites.
 */
export interface ProductModule<
  Name extends string = string,
  Group extends HttpApiGroup.HttpApiGroup.Any = any,
  // `never` by default: a layer's output is contravariant, so every module is a `ProductModule`.
  Services = never,
  Storage = never,
  ServicesRequire = any,
  HandlersRequire = any,
  Skills extends ReadonlyArray<Skill<unknown>> = ReadonlyArray<Skill<any>>,
  Products extends ReadonlyArray<ProductDeclaration> = ReadonlyArray<ProductDeclaration>,
  Options extends object = any,
  Scopes extends ReadonlyArray<string> = ReadonlyArray<string>
> {
  readonly name: Name
  /** The products the module owns: tenants' entitlements, and for those with keys the scopes keys may carry. */
  readonly products?: Products | undefined
  /**
   * Scopes of a platform module's own routes, which a key of any product may carry (the webhooks'
   * `webhooks:manage`): what they reach is the tenant's, not one product's.
   */
  readonly scopes?: Scopes | undefined
  /**
   * Events of a platform module itself, which any tenant may subscribe to whatever its products
   * (the webhooks' `endpoint.disabled`); a product's events are declared with the product.
   */
  readonly events?: ReadonlyArray<ProductEvent> | undefined
  /** Groups of the contract, each with its handlers. */
  readonly groups: ImplementedGroups<Group, HandlersRequire>
  /**
   * Business services; they may use the platform's services, every module's storage ports and the
   * services of modules earlier in the list.
   */
  readonly services: Layer.Layer<Services, never, ServicesRequire>
  /**
   * The module's storage ports in memory: the fake that behaves like its Kysely storage. It may
   * use the shared MemoryDatabase (units of work) and earlier modules' storage ports.
   */
  readonly memory: Layer.Layer<Storage, never, any>
  /** Implementations of middleware the module's groups declare, beyond ApiKeyAuth and DashboardAuth. */
  readonly middleware?: Layer.Layer<any, never, any> | undefined
  readonly commands?: ReadonlyArray<Command> | undefined
  /**
   * What the module does with domain events (its own or other modules'), inside the dispatcher's
   * unit of work; made from the kit's catalog when they depend on it (the webhooks take its events).
   */
  readonly subscribers?: ReadonlyArray<EventSubscriber> | ((catalog: Catalog) => ReadonlyArray<EventSubscriber>) | undefined
  /** The module's background workers: a queue each, with its handler. */
  readonly workers?: ReadonlyArray<ModuleWorker> | undefined
  /**
   * The skills the module owns, for automation steps and agents: each its definition and, unless
   * the embedder supplies it, its implementation, whose requirements the root checks are provided.
   */
  readonly skills?: Skills | undefined
  /** The data the module keeps for a period and prunes after it (see Retention.ts). */
  readonly retention?: ReadonlyArray<RetainedData> | undefined
  /** Work every worker process repeats on an interval: sweeps that catch what a lost job would miss. */
  readonly periodic?: ReadonlyArray<PeriodicWork> | undefined
  /** What the development bootstrap creates so the module can be tried at once. */
  readonly development?: DevelopmentAccess | undefined
  /** The module's settings as a host reads them from the environment (`SERVICEKIT_MAIL_FROM`, ...). */
  readonly settings?: ModuleSettings<Options> | undefined
}

/** A worker a module runs in every worker process: its queue, how many jobs at once, and its handler. */
export interface ModuleWorker {
  readonly queue: QueueDefinition
  readonly concurrency: number
  readonly handle: JobHandler<any>
  /**
   * Work of this queue the process takes on itself while the worker runs here, without a job, up
   * to `concurrency` at a time (e.g. the runs its own requests start); it ends with the worker.
   */
  readonly eager?: ((concurrency: number) => Effect.Effect<void, never, any>) | undefined
}

/** A sweep a module runs in every worker process, first at start, then every `every`. */
export interface PeriodicWork {
  /** For logs, e.g. `webhooks.drain`. */
  readonly name: string
  readonly every: (settings: Settings) => Duration.DurationInput
  readonly run: Effect.Effect<unknown, unknown, any>
}

/** A test key the development bootstrap creates, a first request that uses it, and sample data it answers. */
export interface DevelopmentAccess {
  readonly product: Product
  readonly scopes: ReadonlyArray<string>
  /** A first request, e.g. a curl command line; `baseUrl` is the API's base URL, ending in the mount path. */
  readonly tryIt: (baseUrl: string, key: string) => string
  /** Printed beside the key where its look could mislead. */
  readonly keyNote?: string | undefined
  /**
   * Sample data written for the development tenant only, on its first start, so that `tryIt`
   * answers something; answers a line saying what it wrote and how it is marked.
   */
  readonly samples?: ((tenantId: string) => Effect.Effect<string, unknown, any>) | undefined
}

/** A command line mistake: the CLI prints it with the usage text and exits 2. */
export class UsageError extends Data.TaggedError("UsageError")<{ readonly message: string }> {}

export interface CommandInput {
  /** String flags by name (without dashes); absent ones are undefined. */
  readonly flags: Readonly<Record<string, string | undefined>>
  /** Positional arguments after the command's words. */
  readonly args: ReadonlyArray<string>
  /** Reads a text file named on the command line; the host does the I/O. */
  readonly readFile: (path: string) => Effect.Effect<string, UsageError>
  /**
   * Writes the bytes to a file named on the command line, as they come: the file appears whole, under
   * its name, only once the last byte is written. How many bytes it holds.
   */
  readonly writeFile: (path: string, bytes: Stream.Stream<Uint8Array>) => Effect.Effect<number, UsageError>
}

export interface CommandOutput {
  /** Printed with --json. */
  readonly json: unknown
  readonly text: string
}

/** A CLI command a module contributes; it runs against the same services as the HTTP API. */
export interface Command {
  /** The words that select it, e.g. "calls import". */
  readonly name: string
  /** Its flags and arguments as the usage text shows them. */
  readonly usage: string
  /** The string flags it reads. */
  readonly flags: ReadonlyArray<string>
  readonly run: (input: CommandInput) => Effect.Effect<CommandOutput, unknown, any>
  /**
   * For a command that cannot be undone: what the host asks before running it, unless --json
   * (scripts), and the answer that confirms; any other answer runs nothing.
   */
  readonly confirmation?: ((input: CommandInput) => { readonly question: string; readonly answer: string }) | undefined
}

/** Reads a required flag. */
export const requiredFlag = (input: CommandInput, name: string): Effect.Effect<string, UsageError> => {
  const value = input.flags[name]
  return value === undefined || value.length === 0
    ? Effect.fail(new UsageError({ message: `--${name} is required` }))
    : Effect.succeed(value)
}

/** Declares a module; `as const` inference keeps its name and types precise for the root list. */
export const defineModule = <
  const Name extends string,
  Group extends HttpApiGroup.HttpApiGroup.Any,
  Services,
  Storage,
  ServicesRequire = never,
  HandlersRequire = never,
  const Skills extends ReadonlyArray<Skill<unknown>> = readonly [],
  const Products extends ReadonlyArray<ProductDeclaration> = readonly [],
  Options extends object = never,
  const Scopes extends ReadonlyArray<string> = readonly []
>(
  module: ProductModule<Name, Group, Services, Storage, ServicesRequire, HandlersRequire, Skills, Products, Options, Scopes>
): ProductModule<Name, Group, Services, Storage, ServicesRequire, HandlersRequire, Skills, Products, Options, Scopes> =>
  module

/** A module's subscribers for a catalog. */
export const subscribersOf = (module: ProductModule, catalog: Catalog): ReadonlyArray<EventSubscriber> =>
  typeof module.subscribers === "function" ? module.subscribers(catalog) : (module.subscribers ?? [])

/** A module's groups for a catalog. */
export const groupsOf = (
  module: ProductModule,
  products: CatalogSchemas
): ReadonlyArray<ImplementedGroup> => (typeof module.groups === "function" ? module.groups(products) : module.groups)
