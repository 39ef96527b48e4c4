import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { privateRedis } from "../../adapters/test/privateRedis.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { listen, type RunningServer } from "../src/Server.js"
import { follow, until } from "./chatEvents.js"
import { kitOn, type Serving } from "./hostileInput.js"

const databaseUrl = temporaryDatabaseForFile()

describe("Live chat through a Redis outage, two hosts on one database and one Redis", () => {
  const redis = privateRedis()
  const hosts: Array<{ readonly serving: Serving; readonly server: RunningServer }> = []
  let tenantId: string
  let key: string
  let agentToken: string

  beforeAll(async () => {
    await redis.start()
    for (let i = 0; i < 2; i++) {
      const serving = kitOn({ DATABASE_URL: databaseUrl(), REDIS_URL: redis.url })
      hosts.push({ serving, server: await listen(serving.kit, { port: 0, host: "127.0.0.1" }) })
    }
    const { kit } = hosts[0]!.serving
    tenantId = (await kit.admin.createTenant({ name: "Outage", entitlements: ["chat"] })).id
    key = (await kit.admin.createKey({ tenantId, product: "chat", environment: "live", scopes: ["chat:write"] })).key
    agentToken = await hosts[0]!.serving.mintToken({ tenantId, role: "member", sub: "agent" })
  }, 60_000)

  afterAll(async () => {
    for (const { serving, server } of hosts) {
      await server.close()
      await serving.kit.dispose()
    }
    await redis.stop()
  })

  const urlOf = (host: number) => hosts[host]!.server.url
  /** An agent's reply posted through `host`. */
  const reply = async (host: number, conversationId: string, content: string) => {
    const response = await fetch(`${urlOf(host)}/api/tenants/${tenantId}/chat/conversations/${conversationId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${agentToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content })
    })
    expect(response.status).toBe(200)
  }

  it("pushes a host's own posts to its streams while Redis is down, and the other host's streams catch up on its return with no new post", async () => {
    const minted = await fetch(`${urlOf(0)}/api/v1/chat/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ externalId: "outage-visitor" })
    })
    expect(minted.status).toBe(200)
    const { conversationId, visitorToken } = await minted.json()
    const streams = [0, 1].map((host) => follow(`${urlOf(host)}/api/public/chat/events`, visitorToken))
    try {
      const contents = (host: number) => streams[host]!.messages().map((message) => message.content)
      for (const stream of streams)
        await until("the conversation", () => stream.seen.some((event) => event.event === "conversation"))
      await reply(0, conversationId, "before")
      for (const host of [0, 1]) await until(`"before" on host ${host}`, () => contents(host).length === 1)

      await redis.stop()
      for (const content of ["down 1", "down 2"]) await reply(0, conversationId, content)
      await until("host A's own posts on host A", () => contents(0).length === 3, 5_000)
      expect(contents(0)).toEqual(["before", "down 1", "down 2"])
      // Host B has no way to hear of them while Redis is down.
      expect(contents(1)).toEqual(["before"])

      await redis.start()
      // Nothing else is posted: host B reads what it missed once its fan-out is back (how soon,
      // bench/cluster.mjs measures).
      await until("host B caught up", () => contents(1).length === 3, 30_000)
      expect(contents(1)).toEqual(["before", "down 1", "down 2"])
      // And live again across hosts.
      await reply(1, conversationId, "after")
      await until("the next reply on host A", () => contents(0).length === 4)
      expect(contents(0)).toEqual(["before", "down 1", "down 2", "after"])
    } finally {
      for (const stream of streams) await stream.close()
    }
  }, 60_000)
})
