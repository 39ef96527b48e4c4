import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { fileURLToPath } from "node:url"
import { signDashboardToken } from "@servicekit/adapters"
import { ServiceKit } from "@servicekit/core"
import { CallsInProgress } from "@servicekit/core/internal"
import { Effect, Exit, Scope } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { resolveConfig } from "../src/Config.js"
import { portsLayer } from "../src/Runtime.js"
import { listen } from "../src/Server.js"
import { until } from "./automationsClient.js"
import { startTrunk } from "./fixtures/sippTrunk.js"
import { connectSoftphone, outgoingCall } from "./fixtures/softphone.js"
import { type Started, start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
const JWT_SECRET = "a-softphone-crash-test-secret-of-32-bytes"

describe("a softphone call whose host dies mid-call, on PostgreSQL", () => {
  const scope = Effect.runSync(Scope.make())
  const dir = mkdtempSync(join(tmpdir(), "servicekit-softphone-crash-"))
  afterAll(async () => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    rmSync(dir, { recursive: true, force: true })
  })

  it("is recorded once, as failed when it was last seen, by the sweep of the hosts left", async () => {
    const env = {
      DATABASE_URL: await Effect.runPromise(Scope.extend(temporaryDatabase, scope)),
      REDIS_URL: "",
      SERVICEKIT_DATA_DIR: dir,
      SERVICEKIT_JWT_SECRET: JWT_SECRET,
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      // A call unseen for three heartbeats (3 s) is taken for one whose host died.
      SERVICEKIT_CALL_HEARTBEAT_SECONDS: "1",
      SERVICEKIT_LOG_LEVEL: "warn"
    }
    // The host that stays, its workers started once the other host is gone.
    const kit = ServiceKit.make(portsLayer(resolveConfig({ workers: "off" }, { ...process.env, ...env })))
    const server = await listen(kit, { port: 0, host: "127.0.0.1" })
    const processes: Array<Started> = []
    const trunk = await startTrunk(dir)
    try {
      const tenant = await kit.admin.createTenant({ name: "Caller", entitlements: ["voice"] })
      const { key } = await kit.admin.createKey({
        tenantId: tenant.id,
        product: "voice",
        environment: "live",
        scopes: ["voice:read"]
      })
      const admin = await signDashboardToken(JWT_SECRET, { tenantId: tenant.id, role: "admin", sub: "ops" })
      const registered = await fetch(`${server.url}/api/sip/register`, {
        method: "POST",
        headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
        body: JSON.stringify({
          host: "127.0.0.1",
          port: trunk.port,
          transport: "udp",
          username: "acme",
          password: "s3cret-trunk-pass"
        })
      })
      expect(registered.status).toBe(200)
      const calls = async () => {
        const listed = await fetch(`${server.url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } })
        expect(listed.status).toBe(200)
        return (await listed.json()).data as Array<Record<string, any>>
      }
      const inProgress = () =>
        kit.runtime.runPromise(Effect.flatMap(CallsInProgress, (stored) => stored.unseenSince(new Date(8.64e15), 10)))

      // The host that dies: a `servicekit serve` process on the same database carries the call.
      const dying = start(process.execPath, [cli, "serve", "--port", "0", "--host", "127.0.0.1", "--json"], env)
      processes.push(dying)
      const [line] = await dying.waitFor(/\{"listening".*\}/)
      const url = JSON.parse(line!).listening as string
      const phone = await connectSoftphone(`${url.replace("http", "ws")}/api/sip/ws?token=${admin}`)
      const call = outgoingCall("crash-call-1")
      phone.send(call.invite)
      expect((await phone.next()).status?.code).toBe(180)
      const ok = await phone.next()
      expect(ok.status?.code).toBe(200)
      phone.send(call.ack(ok))
      // Under way: stored as in progress, answered, and in no call log yet.
      const [carried] = await inProgress()
      expect(carried).toMatchObject({ tenantId: tenant.id, callId: "crash-call-1", direction: "outbound" })
      expect(carried!.answeredAt).toBeInstanceOf(Date)
      expect(await calls()).toEqual([])

      dying.child.kill("SIGKILL")
      await dying.stop()
      const killedAt = Date.now()
      // Two hosts left, both sweeping: this one's workers and a worker process.
      await kit.startWorkers()
      const worker = start(process.execPath, [cli, "worker", "--json"], env)
      processes.push(worker)
      await worker.waitFor(/\{"working":true\}/)

      const [recorded] = await until("the swept call", async () => {
        const found = await calls()
        return found.length > 0 ? found : undefined
      })
      expect(recorded).toMatchObject({
        callSid: "crash-call-1",
        direction: "outbound",
        fromId: "alice",
        toId: "+15550100",
        result: "failed",
        mosScore: null
      })
      // Ended when the dead host last said it carried the call, answered for until then.
      const endedAt = Date.parse(recorded!.endedAt)
      expect(endedAt).toBeLessThanOrEqual(killedAt)
      expect(endedAt).toBeGreaterThanOrEqual(carried!.answeredAt!.getTime())
      expect(recorded!.durationSecs).toBeCloseTo((endedAt - carried!.answeredAt!.getTime()) / 1000, 0)
      // Three heartbeats on, it is still one record, and nothing is in progress.
      await sleep(3_000)
      expect((await calls()).map((each) => each.id)).toEqual([recorded!.id])
      expect(await inProgress()).toEqual([])
    } finally {
      trunk.stop()
      for (const each of processes) {
        if (each.child.exitCode === null) each.child.kill("SIGKILL")
        await each.stop()
      }
      await server.close()
      await kit.dispose()
    }
  }, 90_000)
})
