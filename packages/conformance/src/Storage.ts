import type { Vitest } from "@effect/vitest"
import { layer } from "@effect/vitest"
import type { Layer } from "effect"
import { describe } from "vitest"

/** One port's contract: its tests against the ports `R`, whichever implementation the runner provides. */
export interface StorageSuite<R> {
  readonly name: string
  readonly tests: (it: Vitest.MethodsNonLive<R, true>) => void
}

/**
 * Runs suites against one storage implementation, built once for all of them: every test makes
 * its own tenants with random ids, so the suites (and several runs) can share one database.
 */
export const runStorageConformance = <R>(
  name: string,
  makeLayer: () => Layer.Layer<R, unknown>,
  suites: ReadonlyArray<StorageSuite<R>>
): void =>
  layer(makeLayer(), { excludeTestServices: true, timeout: "60 seconds" })(`storage conformance: ${name}`, (it) => {
    for (const suite of suites) describe(suite.name, () => suite.tests(it))
  })
