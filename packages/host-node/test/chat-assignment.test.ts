import { AssignmentService } from "@servicekit/core/internal"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { expectRefusal, memoryKit, serve } from "./hostileInput.js"

const settle = async <A>(what: string, read: () => Promise<A | undefined>, timeoutMs = 15_000): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await read()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

// Automatic assignment: round robin among online agents, each up to the tenant's capacity, the oldest waiting first.
describe("Live Chat automatic assignment", () => {
  const served = serve(() => memoryKit())
  const { call, json } = chatCalls(served)
  beforeAll(() => served.kit.startWorkers())

  const setUp = async () => {
    const { key, tenantId, token } = await chatTenant(served, "Assign")
    const admin = await token("lead", "admin")
    const agents = { ada: await token("agent-ada"), bo: await token("agent-bo"), cy: await token("agent-cy") }
    const say = (agent: string, status: "online" | "away") => json(call(agent, "PUT", `/tenants/${tenantId}/chat/presence`, { status }))
    const open = async (externalId: string) =>
      (await json(call(key, "POST", "/v1/chat/sessions", { externalId }))).conversationId as string
    const assigneeOf = async (id: string) => (await json(call(key, "GET", `/v1/chat/conversations?limit=100`))).data.find((c: any) => c.id === id).assigneeId
    const assignedTo = (id: string, agent: string) =>
      settle(`${id} assigned to ${agent}`, async () => ((await assigneeOf(id)) === agent ? true : undefined))
    return { key, tenantId, admin, agents, say, open, assigneeOf, assignedTo }
  }

  it("gives each online agent up to the capacity, in turn, and the oldest waiting to the first agent to free up", async () => {
    const { admin, agents, assignedTo, assigneeOf, key, open, say, tenantId } = await setUp()
    expect(await json(call(key, "GET", "/v1/chat/assignment"))).toEqual({ mode: "manual", capacity: 3 })
    expect(await json(call(admin, "PATCH", `/tenants/${tenantId}/chat/assignment`, { mode: "auto", capacity: 1 }))).toEqual({
      mode: "auto",
      capacity: 1
    })
    await say(agents.ada, "online")
    await say(agents.bo, "online")
    const first = await open("v1")
    await assignedTo(first, "agent-ada")
    const second = await open("v2")
    await assignedTo(second, "agent-bo")
    const third = await open("v3")
    // Both are full: the third waits, whatever asks for a pass.
    await say(agents.ada, "online")
    expect(await served.kit.runtime.runPromise(Effect.flatMap(AssignmentService, (service) => service.pass(tenantId)))).toBe(0)
    expect(await assigneeOf(third)).toBeNull()

    // Bo resolves theirs first: the third is Bo's.
    await json(call(agents.bo, "POST", `/tenants/${tenantId}/chat/conversations/${second}/status`, { status: "resolved" }))
    await assignedTo(third, "agent-bo")

    // An away agent takes none; once online, the next waiting conversation is theirs.
    await say(agents.cy, "away")
    const fourth = await open("v4")
    expect(await served.kit.runtime.runPromise(Effect.flatMap(AssignmentService, (service) => service.pass(tenantId)))).toBe(0)
    expect(await assigneeOf(fourth)).toBeNull()
    await say(agents.cy, "online")
    await assignedTo(fourth, "agent-cy")

    // Handing one back (unassigning) puts it up for the next in turn with room.
    await json(call(admin, "POST", `/tenants/${tenantId}/chat/conversations/${first}/assign`, { assigneeId: null }))
    await assignedTo(first, "agent-ada")
  })

  it("leaves conversations to the team in manual mode, and refuses rules it cannot keep", async () => {
    const { admin, agents, assigneeOf, key, open, say, tenantId } = await setUp()
    await say(agents.ada, "online")
    const waiting = await open("v1")
    expect(await served.kit.runtime.runPromise(Effect.flatMap(AssignmentService, (service) => service.pass(tenantId)))).toBe(0)
    expect(await assigneeOf(waiting)).toBeNull()

    const rules = `/tenants/${tenantId}/chat/assignment`
    for (const [change, field] of [
      [{ mode: "sometimes" }, "mode"],
      [{ capacity: 0 }, "capacity"],
      [{ capacity: 101 }, "capacity"],
      [{ capacity: 1.5 }, "capacity"]
    ] as const) {
      const refused = await expectRefusal(await call(admin, "PATCH", rules, change), 400, "validation_failed")
      expect(refused.details![0]!.field).toBe(field)
    }
    await expectRefusal(await call(agents.ada, "PATCH", rules, { mode: "auto" }), 403, "admin_required")
    expect(await json(call(agents.ada, "GET", rules))).toEqual({ mode: "manual", capacity: 3 })
    // Turned on by key: what waits is handed out at once.
    await json(call(key, "PATCH", "/v1/chat/assignment", { mode: "auto" }))
    await settle("the waiting conversation assigned", async () => ((await assigneeOf(waiting)) === "agent-ada" ? true : undefined))
  })
})
