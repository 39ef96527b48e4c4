import { ReputationRepository, type ReputationStanding, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant } from "./fixtures.js"

const hour = (iso: string) => at(iso)

export const mailReputationSuite: StorageSuite<ReputationRepository | TenantRepository> = {
  name: "mail reputation",
  tests: (it) => {
    it.effect("adds counts per tenant and hour, sums them from an hour on, restarts one tenant, prunes old hours", () =>
      Effect.gen(function* () {
        const reputation = yield* ReputationRepository
        const [tenant, other] = [yield* insertTenant(), yield* insertTenant()]
        const early = hour("2026-11-20T08:00:00.000Z")
        const late = hour("2026-11-20T09:00:00.000Z")
        yield* reputation.add([
          { tenantId: tenant.id, hour: early, sent: 10, bounced: 1, complained: 0 },
          { tenantId: other.id, hour: early, sent: 5, bounced: 0, complained: 0 }
        ])
        yield* reputation.add([{ tenantId: tenant.id, hour: early, sent: 3, bounced: 2, complained: 1 }])
        yield* reputation.add([{ tenantId: tenant.id, hour: late, sent: 7, bounced: 0, complained: 0 }])

        expect(yield* reputation.totals(tenant.id, early)).toEqual({ sent: 20, bounced: 3, complained: 1 })
        expect(yield* reputation.totals(tenant.id, late)).toEqual({ sent: 7, bounced: 0, complained: 0 })
        expect(yield* reputation.totals(other.id, early)).toEqual({ sent: 5, bounced: 0, complained: 0 })
        expect(yield* reputation.totals("not-a-uuid", early)).toEqual({ sent: 0, bounced: 0, complained: 0 })

        expect(yield* reputation.prune(late)).toBe(2)
        expect(yield* reputation.totals(tenant.id, early)).toEqual({ sent: 7, bounced: 0, complained: 0 })
        expect(yield* reputation.totals(other.id, early)).toEqual({ sent: 0, bounced: 0, complained: 0 })

        expect(yield* reputation.countedFrom(tenant.id)).toEqual(Option.none())
        const resumed = at("2026-11-21T09:30:00.000Z")
        yield* reputation.restart(tenant.id, resumed)
        expect(yield* reputation.totals(tenant.id, early)).toEqual({ sent: 0, bounced: 0, complained: 0 })
        expect(yield* reputation.countedFrom(tenant.id)).toEqual(Option.some(resumed))
        const again = at("2026-11-22T09:30:00.000Z")
        yield* reputation.restart(tenant.id, again)
        expect(yield* reputation.countedFrom(tenant.id)).toEqual(Option.some(again))
        expect(yield* reputation.countedFrom(other.id)).toEqual(Option.none())
      })
    )

    it.effect("changes a standing only from the one it expects, lists them newest first, clears them by status", () =>
      Effect.gen(function* () {
        const reputation = yield* ReputationRepository
        const [tenant, other] = [yield* insertTenant(), yield* insertTenant()]
        const warned: ReputationStanding = {
          tenantId: tenant.id,
          status: "warning",
          cause: "bounces",
          totals: { sent: 400, bounced: 24, complained: 0 },
          since: at("2026-11-20T10:00:00.000Z")
        }
        const paused: ReputationStanding = {
          ...warned,
          status: "paused",
          totals: { sent: 420, bounced: 44, complained: 0 },
          since: at("2026-11-20T11:00:00.000Z")
        }
        const theirs: ReputationStanding = {
          tenantId: other.id,
          status: "warning",
          cause: "complaints",
          totals: { sent: 1000, bounced: 0, complained: 2 },
          since: at("2026-11-20T10:30:00.000Z")
        }
        expect(yield* reputation.standing(tenant.id)).toEqual(Option.none())
        expect(yield* reputation.changeStanding(warned, undefined)).toBe(true)
        // A second judge that saw good standing too changes nothing.
        expect(yield* reputation.changeStanding(paused, undefined)).toBe(false)
        expect(yield* reputation.standing(tenant.id)).toEqual(Option.some(warned))
        expect(yield* reputation.changeStanding(paused, "warning")).toBe(true)
        expect(yield* reputation.changeStanding(warned, "warning")).toBe(false)
        expect(yield* reputation.standing(tenant.id)).toEqual(Option.some(paused))
        expect(yield* reputation.changeStanding(theirs, undefined)).toBe(true)

        expect(yield* reputation.listStandings(undefined)).toEqual([paused, theirs])
        expect(yield* reputation.listStandings("warning")).toEqual([theirs])

        expect(yield* reputation.clearStanding(tenant.id, "warning")).toBe(false)
        expect(yield* reputation.clearStanding(tenant.id, "paused")).toBe(true)
        expect(yield* reputation.clearStanding(tenant.id, "paused")).toBe(false)
        expect(yield* reputation.standing(tenant.id)).toEqual(Option.none())
        expect(yield* reputation.standing(other.id)).toEqual(Option.some(theirs))
      })
    )
  }
}
