import { describe, expect, it } from "vitest"
import { type Agent, routeAgent } from "../src/automations/agents/Agent.js"
import { routeTargetOf } from "../src/automations/steps/AgentSetting.js"
import type { Run } from "../src/automations/records/Run.js"

const agent = (name: string, routeKeys: ReadonlyArray<string>, minute: number, isDefault = false): Agent => ({
  id: `00000000-0000-4000-8000-00000000000${minute}`,
  tenantId: "t",
  name,
  instructions: name,
  model: null,
  toolProfile: null,
  skills: [],
  routeKeys,
  isDefault,
  createdAt: new Date(Date.UTC(2026, 10, 1, 9, minute)),
  updatedAt: new Date(0)
})

describe("agent routing", () => {
  const anything = agent("anything", ["*"], 1)
  const events = agent("events", ["event:message.created"], 2)
  const channel = agent("channel", ["channel:c-1"], 3)
  const sameChannel = agent("same channel, later", ["channel:c-1"], 4)
  const vip = agent("vip", ["peer:ada", "channel:c-9"], 5)
  const fallback = agent("fallback", [], 6, true)
  const all = [sameChannel, vip, fallback, channel, events, anything]
  const to = (target: Parameters<typeof routeAgent>[1], agents = all) => routeAgent(agents, target)?.name

  it("picks the most specific match: a peer, then a channel or an event, then anything", () => {
    expect(to({ peer: "ada", channelId: "c-1", event: "message.created" })).toBe("vip")
    expect(to({ peer: "bob", channelId: "c-1" })).toBe("channel")
    expect(to({ event: "message.created" })).toBe("events")
    expect(to({ peer: "bob", event: "conversation.created" })).toBe("anything")
  })

  it("breaks a tie by creation order, and falls back on the default agent, else none", () => {
    expect(to({ channelId: "c-1" }, [sameChannel, channel])).toBe("channel")
    expect(to({ peer: "bob" }, [events, fallback])).toBe("fallback")
    expect(to({ peer: "bob" }, [events])).toBeUndefined()
    // A key's value is matched whole, colons included.
    expect(to({ channelId: "c-1:x" }, [channel])).toBeUndefined()
  })

  it("reads a run's target from its trigger and payload", () => {
    const run = (trigger: Run["trigger"], payload: Run["payload"]) => ({ trigger, payload }) as Run
    expect(routeTargetOf(run({ type: "channel", event: null }, { channelId: "c-1", peer: "ada" }))).toEqual({
      event: undefined,
      channelId: "c-1",
      peer: "ada"
    })
    const message = { authorType: "visitor", authorId: "v-7" }
    expect(routeTargetOf(run({ type: "event", event: "message.created" }, { message }))).toEqual({
      event: "message.created",
      channelId: undefined,
      peer: "v-7"
    })
    // An agent's or the API's message names no peer.
    expect(
      routeTargetOf(run({ type: "event", event: "message.created" }, { message: { authorType: "api" } })).peer
    ).toBeUndefined()
  })
})
