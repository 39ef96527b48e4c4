import { Effect, Layer, TestClock, TestContext } from "effect"
import { describe, expect, it } from "vitest"
import { TenantWeights } from "../src/jobs/FairTurns.js"
import { TenantRepository } from "../src/platform/Tenants.js"
import { MemoryDatabase } from "../src/platform/UnitOfWork.js"

const heavy = "8f0e6a52-3b9c-4c1e-9a55-1d3f6c2b7a01"
const plain = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"

const layer = TenantWeights.layerFromTenants("5 seconds").pipe(
  Layer.provideMerge(TenantRepository.layerMemory),
  Layer.provide(MemoryDatabase.layer)
)

describe("the tenants' weights in the turns", () => {
  it("reads each tenant's stored weight, the default for unknown ones, and a change once the last read is 5 s old", () =>
    Effect.gen(function* () {
      const tenants = yield* TenantRepository
      const created = new Date("2026-11-01T00:00:00.000Z")
      yield* Effect.orDie(tenants.insert({ id: heavy, name: "Heavy", entitlements: [], weight: 3, maxRunningRuns: null, suspension: null, createdAt: created }))
      yield* Effect.orDie(tenants.insert({ id: plain, name: "Plain", entitlements: [], weight: 1, maxRunningRuns: null, suspension: null, createdAt: created }))
      const { weightsOf } = yield* TenantWeights
      expect([...(yield* weightsOf([heavy, plain, "", "not-a-tenant"]))]).toEqual([
        [heavy, 3],
        [plain, 1],
        ["", 1],
        ["not-a-tenant", 1]
      ])
      yield* tenants.update(heavy, { weight: 7 })
      expect((yield* weightsOf([heavy])).get(heavy)).toBe(3)
      yield* TestClock.adjust("5 seconds")
      expect((yield* weightsOf([heavy])).get(heavy)).toBe(7)
    }).pipe(Effect.provide(layer), Effect.provide(TestContext.TestContext), Effect.runPromise)
  )
})
