import { CannedResponseRepository, SHORTCUT_TAKEN, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Exit, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"

export const cannedResponsesSuite: StorageSuite<CannedResponseRepository | TenantRepository> = {
  name: "chat canned responses",
  tests: (it) => {
    it.effect("keeps a tenant's library by shortcut, one response per shortcut, replaced whole, apart from other tenants", () =>
      Effect.gen(function* () {
        const responses = yield* CannedResponseRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const response = (shortcut: string, tenantId = tenant.id) => ({
          id: uuid(),
          tenantId,
          name: `Answer <b>${shortcut}</b>`,
          shortcut,
          content: `Thanks for asking about ${shortcut}.\nHere is what to do.`,
          files: [{ id: uuid(), name: "réponse <1>.pdf", contentType: "application/pdf", size: 2048 }],
          createdAt: at("2026-05-01T09:00:00.000Z"),
          updatedAt: at("2026-05-01T09:00:00.000Z")
        })
        const refund = response("refund")
        const hours = response("hours")
        const zebra = response("Z-first".toLowerCase())
        for (const each of [refund, hours, zebra]) yield* responses.save(each)
        yield* responses.save(response("refund", other.id))

        expect(yield* responses.list(tenant.id, 10)).toEqual([hours, refund, zebra])
        expect(yield* responses.list(tenant.id, 2)).toEqual([hours, refund])
        expect(yield* responses.count(tenant.id)).toBe(3)
        // Another response may not take a shortcut in use; the same one may keep its own.
        const clash = yield* Effect.exit(responses.save(response("refund")))
        expect(Exit.isFailure(clash) && JSON.stringify(clash.cause)).toContain(SHORTCUT_TAKEN)
        const renamed = { ...refund, name: "Refunds", content: "Refunds take 5 days.", updatedAt: at("2026-05-02T09:00:00.000Z") }
        yield* responses.save(renamed)
        expect(yield* responses.find(tenant.id, refund.id)).toEqual(Option.some(renamed))
        const moved = { ...hours, shortcut: "refund" }
        expect(Exit.isFailure(yield* Effect.exit(responses.save(moved)))).toBe(true)
        expect(yield* responses.find(tenant.id, hours.id)).toEqual(Option.some(hours))

        expect(yield* responses.remove(tenant.id, refund.id)).toBe(true)
        expect(yield* responses.remove(tenant.id, refund.id)).toBe(false)
        yield* responses.save({ ...hours, shortcut: "refund" })
        expect((yield* responses.list(tenant.id, 10)).map((each) => each.shortcut)).toEqual(["refund", "z-first"])
        expect(yield* responses.count(other.id)).toBe(1)
        expect(yield* responses.find(other.id, hours.id)).toEqual(Option.none())
        expect(yield* responses.list("not-a-uuid", 10)).toEqual([])
        expect(yield* responses.count("not-a-uuid")).toBe(0)
        expect(yield* responses.remove("not-a-uuid", hours.id)).toBe(false)
      })
    )
  }
}
