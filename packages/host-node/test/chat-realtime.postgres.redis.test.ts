import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { signDashboardToken } from "@servicekit/adapters"
import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { ServiceKit } from "@servicekit/core"
import { resolveConfig } from "../src/Config.js"
import { portsLayer } from "../src/Runtime.js"
import { listen, type RunningServer } from "../src/Server.js"
import { follow, until } from "./chatEvents.js"
import { type Started, start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
const jwtSecret = "a-realtime-test-secret-of-32-bytes!!"

const fanOuts = [
  { name: "Postgres LISTEN/NOTIFY", redis: "" },
  { name: "Redis pub/sub", redis: redisUrl }
]

for (const fanOut of fanOuts) {
  describe(`Live chat across two processes over ${fanOut.name}`, () => {
    const scope = Effect.runSync(Scope.make())
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-realtime-"))
    let kit: ServiceKit.ServiceKit<unknown>
    let hostA: RunningServer
    let hostB: Started
    let hostBUrl: string
    let tenantId: string
    let key: string
    let agentToken: string

    // A schema of its own keeps its BullMQ queues apart from other test files' on the shared Redis.
    const schema = "realtime_suite"

    beforeAll(async () => {
      const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
      // Both hosts on exactly this fan-out, whatever the suite's environment says.
      kit = ServiceKit.make(
        portsLayer(
          resolveConfig(
            { workers: "off", jwtSecret },
            {
              ...process.env,
              DATABASE_URL: databaseUrl,
              REDIS_URL: fanOut.redis,
              SERVICEKIT_DATA_DIR: join(dataDir, "a"),
              SERVICEKIT_DB_SCHEMA: schema,
              SERVICEKIT_LOG_LEVEL: "warn"
            }
          )
        )
      )
      hostA = await listen(kit, { port: 0, host: "127.0.0.1" })
      // The second host is a process of its own, as behind a load balancer.
      hostB = start(process.execPath, [cli, "serve", "--port", "0", "--host", "127.0.0.1", "--json"], {
        DATABASE_URL: databaseUrl,
        REDIS_URL: fanOut.redis,
        SERVICEKIT_DATA_DIR: join(dataDir, "b"),
        SERVICEKIT_JWT_SECRET: jwtSecret,
        SERVICEKIT_WORKERS: "off",
        SERVICEKIT_DB_SCHEMA: schema,
        SERVICEKIT_LOG_LEVEL: "warn"
      })
      hostBUrl = JSON.parse((await hostB.waitFor(/\{"listening".*\}/))[0]).listening
      const tenant = await kit.admin.createTenant({ name: "Realtime", entitlements: ["chat"] })
      tenantId = tenant.id
      key = (
        await kit.admin.createKey({
          tenantId,
          product: "chat",
          environment: "live",
          scopes: ["chat:read", "chat:write"]
        })
      ).key
      agentToken = await signDashboardToken(jwtSecret, { tenantId, role: "member", sub: "agent-b" })
    }, 90_000)

    afterAll(async () => {
      await hostB?.stop()
      await hostA?.close()
      await kit?.dispose()
      await Effect.runPromise(Scope.close(scope, Exit.void))
      rmSync(dataDir, { recursive: true, force: true })
    })

    const reply = async (conversationId: string, content: string) => {
      const response = await fetch(
        `${hostBUrl}/api/tenants/${tenantId}/chat/conversations/${conversationId}/messages`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${agentToken}`, "content-type": "application/json" },
          body: JSON.stringify({ content })
        }
      )
      expect(response.status).toBe(200)
      return response.json()
    }
    const mint = async (externalId: string) => {
      const response = await fetch(`${hostA.url}/api/v1/chat/sessions`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ externalId, name: "Live" })
      })
      expect(response.status).toBe(200)
      return response.json()
    }

    // Run first: the first events on a fresh database create the job queues inside the requests' units.
    it("answers many concurrent first requests on a fresh database", async () => {
      const sessions = await Promise.all(Array.from({ length: 24 }, (_, i) => mint(`first-${i}`)))
      expect(new Set(sessions.map((session) => session.conversationId)).size).toBe(24)
    })

    it("shows a visitor on host A the replies posted through host B, and resumes after a reconnect without a gap or a repeat", async () => {
      const session = await mint("live-visitor")
      const events = `${hostA.url}/api/public/chat/events`
      const first = follow(events, session.visitorToken)
      await until("the conversation", () => first.seen.some((event) => event.event === "conversation"))
      for (const content of ["one", "two", "three"]) await reply(session.conversationId, content)
      await until("three replies", () => first.messages().length === 3)
      expect(first.messages().map((m) => [m.sequence, m.content, m.authorType])).toEqual([
        [1, "one", "agent"],
        [2, "two", "agent"],
        [3, "three", "agent"]
      ])
      // The event id is the message id: what a reconnecting client sends back.
      const lastSeen = first.seen.filter((event) => event.event === "message").at(-1)!
      expect(lastSeen.id).toBe(lastSeen.data.id)
      await first.close()

      // Replies while the visitor is away.
      for (const content of ["four", "five"]) await reply(session.conversationId, content)
      const resumed = follow(events, session.visitorToken, lastSeen.id)
      await until("the missed replies", () => resumed.messages().length === 2)
      await reply(session.conversationId, "six")
      await until("the next live reply", () => resumed.messages().length === 3)
      expect(resumed.messages().map((m) => m.content)).toEqual(["four", "five", "six"])

      // Many writers on both hosts at once: every message, once, in sequence order.
      const burst = Array.from({ length: 30 }, (_, i) => `burst ${i}`)
      await Promise.all(
        burst.map((content, i) =>
          i % 2 === 0
            ? reply(session.conversationId, content)
            : fetch(`${hostA.url}/api/v1/chat/conversations/${session.conversationId}/messages`, {
                method: "POST",
                headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
                body: JSON.stringify({ content })
              }).then((response) => expect(response.status).toBe(200))
        )
      )
      await until("the burst", () => resumed.messages().length === 33)
      const sequences = resumed.messages().map((m) => m.sequence)
      expect(sequences).toEqual(Array.from({ length: 33 }, (_, i) => i + 4))
      expect(
        resumed
          .messages()
          .slice(3)
          .map((m) => m.content)
          .sort()
      ).toEqual([...burst].sort())
      await resumed.close()

      // From the first message on: everything after it, nothing before.
      const again = follow(events, session.visitorToken, first.messages()[0].id)
      await until("the history after the first message", () => again.messages().length === 35)
      expect(again.messages()[0].sequence).toBe(2)
      await again.close()
    })

    it("announces status changes made on the other host", async () => {
      const session = await mint("status-visitor")
      const live = follow(`${hostA.url}/api/public/chat/events`, session.visitorToken)
      await until("the conversation", () => live.seen.some((event) => event.event === "conversation"))
      const response = await fetch(
        `${hostBUrl}/api/tenants/${tenantId}/chat/conversations/${session.conversationId}/status`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${agentToken}`, "content-type": "application/json" },
          body: JSON.stringify({ status: "resolved" })
        }
      )
      expect(response.status).toBe(200)
      await until("the resolved status", () =>
        live.seen.some((event) => event.event === "conversation" && event.data.status === "resolved")
      )
      await live.close()
    })

    it("shows an agent's inbox on host B the conversations and visitor messages made on host A", async () => {
      const inbox = follow(`${hostBUrl}/api/tenants/${tenantId}/chat/events`, agentToken)
      try {
        await until("the inbox live", () => inbox.seen.some((event) => event.event === "resync"))
        const session = await mint("inbox-visitor")
        const response = await fetch(`${hostA.url}/api/public/chat/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${session.visitorToken}`, "content-type": "application/json" },
          body: JSON.stringify({ content: "Anyone there?" })
        })
        expect(response.status).toBe(200)
        await until("the visitor's message in the inbox", () => inbox.messages().length > 0)
        expect(inbox.messages()).toEqual([
          expect.objectContaining({ conversationId: session.conversationId, content: "Anyone there?" })
        ])
        await until("the conversation with its message counted", () =>
          inbox.seen.some(
            (event) =>
              event.event === "conversation" && event.data.id === session.conversationId && event.data.messageCount === 1
          )
        )
      } finally {
        await inbox.close()
      }
    })
  })
}
