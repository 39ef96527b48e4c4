import { type CallInProgress, CallsInProgress, type TenantRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"

/** Long before any other test's calls: the sweep's reads below see only this suite's. */
const call = (tenantId: string, seenAt: string, extra: Partial<CallInProgress> = {}): CallInProgress => ({
  tenantId,
  id: uuid(),
  callId: `call-${uuid()}`,
  direction: "outbound",
  fromId: "alice",
  toId: "+15550100",
  startedAt: at("2000-01-01T00:00:00.000Z"),
  answeredAt: null,
  seenAt: at(seenAt),
  ...extra
})

export const callsInProgressSuite: StorageSuite<CallsInProgress | TenantRepository> = {
  name: "calls in progress",
  tests: (it) => {
    it.effect("keeps a call from its start, its first answer and when it was seen, until it ends", () =>
      Effect.gen(function* () {
        const calls = yield* CallsInProgress
        const [tenant, other] = [yield* insertTenant(), yield* insertTenant()]
        const ringing = call(tenant.id, "2000-01-01T00:00:01.000Z")
        yield* calls.begin(ringing)
        // Begun again (the same id): left as it was.
        yield* calls.begin({ ...ringing, fromId: "mallory", seenAt: at("2000-01-01T00:00:09.000Z") })
        const before = at("2000-01-01T00:01:00.000Z")
        expect(yield* calls.unseenSince(before, 10)).toEqual([ringing])

        yield* calls.answered(tenant.id, ringing.id, at("2000-01-01T00:00:02.000Z"))
        // A later answer is not its answer; another tenant's id touches nothing.
        yield* calls.answered(tenant.id, ringing.id, at("2000-01-01T00:00:03.000Z"))
        yield* calls.answered(other.id, ringing.id, at("2000-01-01T00:00:04.000Z"))
        yield* calls.seen(other.id, [ringing.id], at("2000-01-01T00:00:05.000Z"))
        const answered = {
          ...ringing,
          answeredAt: at("2000-01-01T00:00:02.000Z"),
          seenAt: at("2000-01-01T00:00:03.000Z")
        }
        expect(yield* calls.unseenSince(before, 10)).toEqual([answered])
        yield* calls.seen(tenant.id, [ringing.id, uuid()], at("2000-01-01T00:00:20.000Z"))
        expect(yield* calls.unseenSince(before, 10)).toEqual([{ ...answered, seenAt: at("2000-01-01T00:00:20.000Z") }])
        yield* calls.seen(tenant.id, [], at("2000-01-01T00:00:30.000Z"))

        yield* calls.end(other.id, ringing.id)
        expect(yield* calls.unseenSince(before, 10)).toHaveLength(1)
        yield* calls.end(tenant.id, ringing.id)
        expect(yield* calls.unseenSince(before, 10)).toEqual([])
      })
    )

    it.effect("lists every tenant's calls unseen since a time, the longest unseen first, at most as many as asked", () =>
      Effect.gen(function* () {
        const calls = yield* CallsInProgress
        const [one, two] = [yield* insertTenant(), yield* insertTenant()]
        const late = call(one.id, "2000-01-02T00:00:30.000Z")
        const early = call(two.id, "2000-01-02T00:00:10.000Z")
        const middle = call(one.id, "2000-01-02T00:00:20.000Z")
        const fresh = call(two.id, "2000-01-02T00:01:00.000Z")
        for (const each of [late, early, middle, fresh]) yield* calls.begin(each)
        const since = at("2000-01-02T00:00:40.000Z")
        const unseen = (yield* calls.unseenSince(since, 10)).filter((each) =>
          [one.id, two.id].includes(each.tenantId)
        )
        expect(unseen.map((each) => each.id)).toEqual([early.id, middle.id, late.id])
        expect((yield* calls.unseenSince(at("2000-01-02T00:00:25.000Z"), 1)).map((each) => each.id)).toEqual([
          early.id
        ])
        for (const each of [late, early, middle, fresh]) yield* calls.end(each.tenantId, each.id)
      })
    )
  }
}
