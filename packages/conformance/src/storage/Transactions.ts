import { Deferred, Effect, Fiber, Option } from "effect"
import { expect } from "vitest"
import {
  afterCommit,
  ApiKeyRepository,
  CallRepository,
  TenantRepository,
  UniqueViolation,
  type UnitOfWork,
  UsageLedger,
  withTransaction
} from "@servicekit/core/internal"
import type { StorageSuite } from "../Storage.js"
import { makeCall, makeEntry, makeKey, makeTenant } from "./fixtures.js"

/** Writes through four repositories of two modules, and reads back what is visible of them. */
const acrossRepositories = Effect.gen(function* () {
  const tenants = yield* TenantRepository
  const keys = yield* ApiKeyRepository
  const usage = yield* UsageLedger
  const calls = yield* CallRepository
  const tenant = makeTenant()
  const key = makeKey(tenant.id)
  const entry = makeEntry(tenant.id)
  const call = makeCall(tenant.id)
  const write = Effect.gen(function* () {
    yield* tenants.insert(tenant)
    yield* keys.insert(key)
    yield* usage.append(entry)
    yield* calls.insertMany([call])
  })
  const visible = Effect.gen(function* () {
    // First the calls list: it reads through the driver directly (the hot path), not through Kysely.
    const call = (yield* calls.list(tenant.id, { limit: 1 })).length > 0
    return {
      tenant: Option.isSome(yield* tenants.findById(tenant.id)),
      key: Option.isSome(yield* keys.findByDigest(key.digest)),
      entry: (yield* usage.list(tenant.id)).length > 0,
      call
    }
  })
  return { write, visible }
})

const all = { tenant: true, key: true, entry: true, call: true }
const none = { tenant: false, key: false, entry: false, call: false }

export const transactionsSuite: StorageSuite<
  TenantRepository | ApiKeyRepository | UsageLedger | CallRepository | UnitOfWork
> = {
  name: "units of work",
  tests: (it) => {
    it.effect("commits the writes of several repositories together", () =>
      Effect.gen(function* () {
        const { visible, write } = yield* acrossRepositories
        yield* withTransaction(write)
        expect(yield* visible).toEqual(all)
      })
    )

    it.effect("rolls every repository's writes back when the unit fails, dies or is interrupted", () =>
      Effect.gen(function* () {
        const failed = yield* acrossRepositories
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(failed.write, Effect.fail("declined"))))).toBe(
          "declined"
        )
        expect(yield* failed.visible).toEqual(none)

        const died = yield* acrossRepositories
        yield* Effect.exit(withTransaction(Effect.zipRight(died.write, Effect.die(new Error("bug")))))
        expect(yield* died.visible).toEqual(none)

        const interrupted = yield* acrossRepositories
        const written = yield* Deferred.make<void>()
        const fiber = yield* Effect.fork(
          withTransaction(
            Effect.zipRight(interrupted.write, Effect.zipRight(Deferred.succeed(written, undefined), Effect.never))
          )
        )
        yield* Deferred.await(written)
        yield* Fiber.interrupt(fiber)
        expect(yield* interrupted.visible).toEqual(none)
      })
    )

    it.effect("never shows another fiber writes of a unit that has not committed", () =>
      Effect.gen(function* () {
        const { visible, write } = yield* acrossRepositories
        const written = yield* Deferred.make<void>()
        const finish = yield* Deferred.make<void>()
        const unit = yield* Effect.fork(
          Effect.exit(
            withTransaction(
              Effect.all([
                write,
                Deferred.succeed(written, undefined),
                Deferred.await(finish),
                Effect.fail("abandoned")
              ])
            )
          )
        )
        yield* Deferred.await(written)
        // Storage with row versions answers at once; storage with one writer at a time waits for the unit to end.
        const reader = yield* Effect.fork(visible)
        yield* Deferred.succeed(finish, undefined)
        yield* Fiber.join(unit)
        expect(yield* Fiber.join(reader)).toEqual(none)
        expect(yield* visible).toEqual(none)
      })
    )

    it.effect("rolls a nested unit back alone; the outer unit carries on and commits", () =>
      Effect.gen(function* () {
        const tenants = yield* TenantRepository
        const [kept, undone, after] = [makeTenant(), makeTenant(), makeTenant()]
        yield* withTransaction(
          Effect.gen(function* () {
            yield* tenants.insert(kept)
            const inner = withTransaction(Effect.zipRight(tenants.insert(undone), Effect.fail("inner failed")))
            expect(yield* Effect.flip(inner)).toBe("inner failed")
            yield* tenants.insert(after)
          })
        )
        expect(Option.isSome(yield* tenants.findById(kept.id))).toBe(true)
        expect(Option.isSome(yield* tenants.findById(undone.id))).toBe(false)
        expect(Option.isSome(yield* tenants.findById(after.id))).toBe(true)
      })
    )

    it.effect("reports a unique violation inside a unit as a typed error the unit can handle", () =>
      Effect.gen(function* () {
        const tenants = yield* TenantRepository
        const [first, second] = [makeTenant(), makeTenant()]
        yield* withTransaction(
          Effect.gen(function* () {
            yield* tenants.insert(first)
            // A nested unit lets the outer one go on after a refused write (Postgres aborts a transaction on any error).
            const duplicate = yield* Effect.flip(withTransaction(tenants.insert({ ...first, name: "Again" })))
            expect(duplicate).toEqual(new UniqueViolation({ constraint: "tenants_pkey" }))
            yield* tenants.insert(second)
          })
        )
        expect(yield* tenants.findById(first.id)).toEqual(Option.some(first))
        expect(yield* tenants.findById(second.id)).toEqual(Option.some(second))
      })
    )

    it.effect("runs after-commit actions once the unit commits, never those of a unit that rolled back", () =>
      Effect.gen(function* () {
        const ran: Array<string> = []
        const note = (what: string) => afterCommit(Effect.sync(() => void ran.push(what)))
        yield* note("outside any unit")
        expect(ran).toEqual(["outside any unit"])
        yield* withTransaction(
          Effect.gen(function* () {
            yield* note("committed")
            yield* Effect.exit(withTransaction(Effect.zipRight(note("nested, rolled back"), Effect.fail("declined"))))
            expect(ran).toEqual(["outside any unit"])
          })
        )
        expect(ran).toEqual(["outside any unit", "committed"])
        yield* Effect.exit(withTransaction(Effect.zipRight(note("rolled back"), Effect.fail("declined"))))
        expect(ran).toEqual(["outside any unit", "committed"])
      })
    )

    it.effect("runs units of work concurrently without losing or mixing writes", () =>
      Effect.gen(function* () {
        const tenants = yield* TenantRepository
        const batches = Array.from({ length: 8 }, () => [makeTenant(), makeTenant()])
        const results = yield* Effect.forEach(
          batches,
          (batch, i) =>
            Effect.exit(
              withTransaction(
                Effect.zipRight(
                  Effect.forEach(batch, (t) => tenants.insert(t)),
                  i % 2 === 0 ? Effect.void : Effect.fail("odd")
                )
              )
            ),
          { concurrency: "unbounded" }
        )
        expect(results.filter((exit) => exit._tag === "Success")).toHaveLength(4)
        for (const [i, batch] of batches.entries()) {
          for (const tenant of batch) expect(Option.isSome(yield* tenants.findById(tenant.id))).toBe(i % 2 === 0)
        }
      })
    )
  }
}
