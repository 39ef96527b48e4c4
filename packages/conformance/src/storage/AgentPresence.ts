import { AgentPresenceRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant } from "./fixtures.js"

export const agentPresenceSuite: StorageSuite<AgentPresenceRepository | TenantRepository> = {
  name: "chat agent presence",
  tests: (it) => {
    it.effect("keeps each agent's latest status, lists those said since a time, and forgets the long silent", () =>
      Effect.gen(function* () {
        const presence = yield* AgentPresenceRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const said = (agentId: string, status: "online" | "away", time: string, tenantId = tenant.id) => ({
          tenantId,
          agentId,
          status,
          seenAt: at(time)
        })
        const long = at("2026-04-01T00:00:00.000Z")
        yield* presence.say(said("agent-old", "online", "2026-04-30T09:00:00.000Z"), long)
        yield* presence.say(said("agent-ada", "online", "2026-05-01T09:00:00.000Z"), long)
        yield* presence.say(said("agent-bo", "online", "2026-05-01T09:01:00.000Z"), long)
        yield* presence.say(said("agent-ada", "away", "2026-05-01T09:02:00.000Z"), long)
        yield* presence.say(said("agent-cy", "online", "2026-05-01T09:02:00.000Z", other.id), long)

        expect(yield* presence.since(tenant.id, at("2026-05-01T09:00:00.000Z"), 10)).toEqual([
          said("agent-ada", "away", "2026-05-01T09:02:00.000Z"),
          said("agent-bo", "online", "2026-05-01T09:01:00.000Z")
        ])
        expect(yield* presence.since(tenant.id, at("2026-04-01T00:00:00.000Z"), 2)).toHaveLength(2)
        expect(yield* presence.since(tenant.id, at("2026-04-01T00:00:00.000Z"), 10)).toHaveLength(3)
        // Said again with a later horizon: the agents silent since before it are forgotten, in this tenant only.
        yield* presence.say(said("agent-bo", "online", "2026-05-01T09:03:00.000Z"), at("2026-05-01T00:00:00.000Z"))
        expect((yield* presence.since(tenant.id, at("2026-04-01T00:00:00.000Z"), 10)).map((row) => row.agentId)).toEqual([
          "agent-bo",
          "agent-ada"
        ])
        expect(yield* presence.since(other.id, at("2026-04-01T00:00:00.000Z"), 10)).toHaveLength(1)
        expect(yield* presence.since("not-a-uuid", at("2026-04-01T00:00:00.000Z"), 10)).toEqual([])
      })
    )
  }
}
