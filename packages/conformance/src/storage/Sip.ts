import type { SipSettings } from "@servicekit/core/calling"
import { SipRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, uuid } from "./fixtures.js"

const trunk = {
  host: "sip.carrier.example",
  username: "acme-1",
  passwordSealed: "v1.c2VhbGVk",
  port: 5061,
  transport: "tls" as const,
  updatedAt: at("2026-11-20T10:00:00.000Z")
}

export const sipSuite: StorageSuite<SipRepository> = {
  name: "sip settings",
  tests: (it) => {
    it.effect("stores one record per tenant, replaced whole by each save, and finds it only for that tenant", () =>
      Effect.gen(function* () {
        const repository = yield* SipRepository
        const tenantId = uuid()
        expect(yield* repository.find(tenantId)).toEqual(Option.none())

        const withTrunk: SipSettings = { tenantId, trunk, hostedOptedInAt: null }
        yield* repository.save(withTrunk)
        expect(yield* repository.find(tenantId)).toEqual(Option.some(withTrunk))

        const hosted: SipSettings = { tenantId, trunk: null, hostedOptedInAt: at("2026-11-21T09:30:00.000Z") }
        yield* repository.save(hosted)
        expect(yield* repository.find(tenantId)).toEqual(Option.some(hosted))

        expect(yield* repository.find(uuid())).toEqual(Option.none())
        expect(yield* repository.find("not-a-uuid")).toEqual(Option.none())
      })
    )
  }
}
