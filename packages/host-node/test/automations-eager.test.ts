import { ServiceKit } from "@servicekit/core"
import { RunRepository } from "@servicekit/core/internal"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"
import { Effect, Layer } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { automationsClient, automationsTenants, expectJson } from "./automationsClient.js"
import { serve } from "./hostileInput.js"

describe("runs a process starts and follows itself, on the memory fakes", () => {
  // The store refuses the first claims of runs, as a database that goes away for a moment would.
  let refusals = 0
  const flakyClaims = Layer.effect(
    RunRepository,
    Effect.map(RunRepository, (runs) =>
      RunRepository.of({
        ...runs,
        claimMany: (keys, at, leaseUntil, worker) =>
          refusals > 0
            ? Effect.suspend(() => {
                refusals--
                return Effect.die(new Error("the database went away"))
              })
            : runs.claimMany(keys, at, leaseUntil, worker)
      })
    )
  )
  const served = serve(() => ({
    kit: ServiceKit.make(Layer.provideMerge(flakyClaims, layerMemory())),
    mintToken: async (claims) => testDashboardToken(claims)
  }))
  let key: string
  const { api, workflow, settled } = automationsClient(served, () => key)
  beforeAll(async () => {
    ;({ key } = await automationsTenants(served, "Eager", ["automations", "chat"]))
    await served.kit.startWorkers()
  })

  it("follows a run at once, and queues it as a job when following it fails, the job running it", async () => {
    const created = await workflow([{ type: "log", message: "run {{payload.n}}" }])
    const first = await expectJson(await api("POST", `/automations/workflows/${created.id}/run`, { payload: { n: 1 } }))
    expect(first.status).toBe("queued")
    expect((await settled(first.id)).stepsResultJson[0]).toMatchObject({ status: "succeeded", outputText: "run 1" })

    // Its claim fails: the run is not left reserved until its lease runs out (60 s here) but queued
    // as a job at once, and the job follows it.
    refusals = 1
    const second = await expectJson(
      await api("POST", `/automations/workflows/${created.id}/run`, { payload: { n: 2 } })
    )
    const done = await settled(second.id)
    expect(refusals).toBe(0)
    expect(done.status).toBe("succeeded")
    expect(done.stepsResultJson.map((step: any) => [step.status, step.attempt, step.outputText])).toEqual([
      ["succeeded", 1, "run 2"]
    ])
  })
})
