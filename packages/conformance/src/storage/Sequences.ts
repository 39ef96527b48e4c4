import type { Sequence } from "@servicekit/core/automations"
import { SequenceRepository, type TenantRepository, type UnitOfWork, withTransaction } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { MINUTE, allPages, at, insertTenant, plus, uuid } from "./fixtures.js"

const T0 = at("2026-11-01T09:00:00.000Z")

const makeSequence = (tenantId: string, overrides: Partial<Sequence> = {}): Sequence => ({
  id: uuid(),
  tenantId,
  name: "Onboarding — naïve ✓ 東京",
  steps: [
    { type: "skill", skillId: "email.send", input: { to: ["{{payload.email}}"], subject: "Welcome", text: "Hi" } },
    { type: "wait", days: 2 },
    { type: "log", message: "followed up" }
  ],
  workflowId: uuid(),
  revision: 1,
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})

export const sequencesSuite: StorageSuite<SequenceRepository | TenantRepository | UnitOfWork> = {
  name: "automation sequences",
  tests: (it) => {
    it.effect("stores, replaces, lists and removes a tenant's sequences, and finds none elsewhere", () =>
      Effect.gen(function* () {
        const sequences = yield* SequenceRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const made = [0, 1, 2].map((index) =>
          makeSequence(tenant.id, { name: `Sequence ${index}`, createdAt: plus(T0, (2 - index) * MINUTE) })
        )
        for (const sequence of made) yield* sequences.save(sequence)
        yield* sequences.save(makeSequence(other.id))
        expect(yield* sequences.find(tenant.id, made[0]!.id)).toEqual(Option.some(made[0]))
        expect(yield* sequences.find(other.id, made[0]!.id)).toEqual(Option.none())
        expect(yield* sequences.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* allPages((after) => sequences.list(tenant.id, { limit: 2, after }), 2)).toEqual(made)

        const changed: Sequence = {
          ...made[1]!,
          steps: [{ type: "wait", hours: 1 }],
          workflowId: uuid(),
          revision: 2,
          updatedAt: plus(T0, 5 * MINUTE)
        }
        yield* sequences.save(changed)
        expect(yield* sequences.find(tenant.id, changed.id)).toEqual(Option.some(changed))

        expect(yield* sequences.remove(other.id, made[0]!.id)).toBe(false)
        expect(yield* sequences.remove(tenant.id, made[0]!.id)).toBe(true)
        expect(yield* sequences.remove(tenant.id, made[0]!.id)).toBe(false)
        expect(yield* sequences.remove(tenant.id, "not-a-uuid")).toBe(false)
        expect(yield* allPages((after) => sequences.list(tenant.id, { limit: 5, after }), 5)).toEqual([
          changed,
          made[2]
        ])

        const write = sequences.save({ ...changed, name: "rolled back" })
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")
        expect(yield* sequences.find(tenant.id, changed.id)).toEqual(Option.some(changed))
      })
    )
  }
}
