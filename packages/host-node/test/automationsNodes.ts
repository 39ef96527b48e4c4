import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { NodeRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { automationsClient, automationsTenants, expectJson, until } from "./automationsClient.js"
import { type Served, expectRefusal, kitOn, serve } from "./hostileInput.js"

const PAIRING_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/

/** Moves a pending node's pairing code past its 15 minutes. */
export const expirePairingCode = (served: Pick<Served, "kit">, nodeId: string) =>
  served.kit.runtime.runPromise(
    Effect.gen(function* () {
      const nodes = yield* NodeRepository
      const node = Option.getOrThrow(yield* nodes.findAnywhere(nodeId))
      yield* nodes.update({ ...node, pairingExpiresAt: new Date(Date.now() - 1_000) }, ["pending"])
    })
  )

/**
 * Companion nodes over HTTP, the test playing the device: pairing, the device routes, node skills
 * in workflows with the run waiting for the device's result, approvals bound to the command, and
 * what is refused. With `startWorkers`, runs are followed by other processes (which queue the
 * commands the server's long polls hear of).
 */
export const automationsNodesSuite = (
  storage: string,
  storageEnv: () => Record<string, string>,
  startWorkers?: (env: Record<string, string>) => Promise<() => Promise<void>>
) =>
  describe(`Automations companion nodes over HTTP, on ${storage}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-nodes-"))
    let stopWorkers = async () => {}
    afterAll(async () => {
      await stopWorkers()
      rmSync(dataDir, { recursive: true, force: true })
    })
    const env = () => ({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), ...storageEnv() })
    const served = serve(() => kitOn(env()))
    let key: string
    let otherKey: string
    const { api, workflow, run, settled } = automationsClient(served, () => key)
    const otherApi = automationsClient(served, () => otherKey).api

    /** A device's call with its secret. */
    const device = (secret: string) => (method: string, path: string, body?: unknown) =>
      fetch(`${served.url}/api/v1/automations/nodes${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
      })
    const claim = (body: unknown) =>
      fetch(`${served.url}/api/v1/automations/nodes/claim`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body)
      })
    /** A node created with `settings` and claimed by a device offering `capabilities`. */
    const paired = async (settings: Record<string, unknown> = {}, capabilities: Array<string> = []) => {
      const created = await expectJson(await api("POST", "/automations/nodes", { name: "Laptop", ...settings }))
      const claimed = await expectJson(
        await claim({ pairingCode: created.pairingCode, platform: "linux x64", version: "1.0.0", capabilities })
      )
      return { id: created.id as string, secret: claimed.deviceSecret as string, call: device(claimed.deviceSecret) }
    }
    /** The device's next commands, waiting up to `wait` seconds. */
    const poll = async (node: { id: string; call: ReturnType<typeof device> }, wait = 5) =>
      (await expectJson(await node.call("GET", `/${node.id}/commands?wait=${wait}`))).data as Array<any>

    beforeAll(async () => {
      ;({ key, otherKey } = await automationsTenants(served, "Nodes", ["automations", "chat"]))
      if (startWorkers === undefined) await served.kit.startWorkers()
      else stopWorkers = await startWorkers(env())
    })

    it("pairs a device once with a code shown once, and refuses a used, unknown or expired code for good", async () => {
      const created = await expectJson(await api("POST", "/automations/nodes", { name: "Front desk" }))
      expect(created).toMatchObject({ name: "Front desk", status: "pending", allowSystem: false, allowBrowser: false })
      expect(created.pairingCode).toMatch(PAIRING_CODE)
      const expiresIn = new Date(created.pairingExpiresAt).getTime() - Date.now()
      expect(expiresIn).toBeGreaterThan(14 * 60_000)
      expect(expiresIn).toBeLessThanOrEqual(15 * 60_000)
      const listed = await expectJson(await api("GET", "/automations/nodes"))
      expect(listed.data.find((node: any) => node.id === created.id)).not.toHaveProperty("pairingCode")

      // Typed as people type it: lower case, with a dash.
      const typed = `${created.pairingCode.slice(0, 4)}-${created.pairingCode.slice(4)}`.toLowerCase()
      const claimed = await expectJson(
        await claim({ pairingCode: typed, platform: "darwin arm64", capabilities: ["node.ping", "teleport"] })
      )
      expect(claimed).toMatchObject({ id: created.id, status: "paired", platform: "darwin arm64" })
      expect(claimed.capabilities).toEqual(["node.ping"])
      expect(claimed.deviceSecret).toMatch(/^svk_node_[0-9A-Za-z]{40}$/)
      expect(claimed.pairingExpiresAt).toBeNull()

      const used = await expectRefusal(await claim({ pairingCode: created.pairingCode }), 401, "pairing_code_used")
      expect(used.message).toContain("will not work")
      await expectRefusal(await claim({ pairingCode: "ABCDEFGH" }), 401, "pairing_code_invalid")
      await expectRefusal(await claim({ pairingCode: "0OIl0OIl" }), 401, "pairing_code_invalid")
      await expectRefusal(await claim({}), 400, "validation_failed")

      // A code past its 15 minutes.
      const late = await expectJson(await api("POST", "/automations/nodes", { name: "Late" }))
      await expirePairingCode(served, late.id)
      const expired = await expectRefusal(await claim({ pairingCode: late.pairingCode }), 401, "pairing_code_expired")
      expect(expired.message).toContain("15 minutes")
      const after = await expectJson(await api("GET", "/automations/nodes"))
      expect(after.data.find((node: any) => node.id === late.id).status).toBe("pending")
    })

    it("takes heartbeats with the device secret only, shows when the device was last seen, and revokes", async () => {
      const node = await paired({ allowBrowser: true, allowedHosts: ["example.com", "*.example.org"] })
      const other = await paired()
      const beat = await expectJson(
        await node.call("POST", `/${node.id}/heartbeat`, { version: "1.0.1", capabilities: ["browser.navigate"] })
      )
      expect(beat).toEqual({
        id: node.id,
        name: "Laptop",
        capabilities: ["browser.navigate"],
        allowSystem: false,
        allowBrowser: true,
        allowedBinaries: [],
        allowedHosts: ["example.com", "*.example.org"]
      })
      const listed = (await expectJson(await api("GET", "/automations/nodes"))).data.find((n: any) => n.id === node.id)
      expect(listed).toMatchObject({ status: "paired", version: "1.0.1", platform: "linux x64" })
      expect(Date.now() - new Date(listed.lastSeenAt).getTime()).toBeLessThan(60_000)

      // No secret, a wrong one, another node's, an API key: each refused alike.
      for (const [secret, path] of [
        ["", `/${node.id}/heartbeat`],
        ["svk_node_wrong", `/${node.id}/heartbeat`],
        [other.secret, `/${node.id}/heartbeat`],
        [key, `/${node.id}/heartbeat`],
        [node.secret, `/${crypto.randomUUID()}/heartbeat`]
      ]) {
        await expectRefusal(await device(secret!)("POST", path!, {}), 401, "invalid_device_secret")
      }
      await expectRefusal(
        await node.call("POST", `/${node.id}/heartbeat`, { version: "x\u0000" }),
        400,
        "validation_failed"
      )

      // Another account sees none of it.
      await expectRefusal(
        await otherApi("PATCH", `/automations/nodes/${node.id}`, { allowSystem: true }),
        404,
        "node_not_found"
      )
      await expectRefusal(await otherApi("DELETE", `/automations/nodes/${node.id}`), 404, "node_not_found")
      const theirs = await expectJson(await otherApi("GET", "/automations/nodes"))
      expect(theirs.data).toEqual([])

      const revoked = await expectJson(await api("DELETE", `/automations/nodes/${node.id}`))
      expect(revoked).toMatchObject({ status: "revoked" })
      await expectRefusal(await node.call("POST", `/${node.id}/heartbeat`, {}), 401, "invalid_device_secret")
      await expectRefusal(await node.call("GET", `/${node.id}/commands?wait=0`), 401, "invalid_device_secret")
      // The other node is untouched.
      await expectJson(await other.call("POST", `/${other.id}/heartbeat`, {}))
    })

    it("checks what a node may do when it is set", async () => {
      const node = await paired()
      const refusals: Array<[unknown, string]> = [
        [{ allowSystem: "yes" }, "allowSystem"],
        [{ allowedBinaries: [""] }, "allowedBinaries.0"],
        [{ allowedBinaries: ["ls\u0000"] }, "allowedBinaries.0"],
        [{ allowedHosts: ["https://example.com"] }, "allowedHosts.0"],
        [{ allowedHosts: ["exa mple.com"] }, "allowedHosts.0"],
        [{ allowedHosts: Array.from({ length: 101 }, (_, i) => `h${i}.example.com`) }, "allowedHosts"],
        [{ name: "" }, "name"]
      ]
      for (const [body, field] of refusals) {
        const error = await expectRefusal(
          await api("PATCH", `/automations/nodes/${node.id}`, body),
          400,
          "validation_failed"
        )
        expect(error.details?.[0]?.field, JSON.stringify(body)).toBe(field)
      }
      const changed = await expectJson(
        await api("PATCH", `/automations/nodes/${node.id}`, { allowSystem: true, allowedBinaries: ["echo", "echo"] })
      )
      expect(changed).toMatchObject({ allowSystem: true, allowedBinaries: ["echo"], allowBrowser: false })
      await expectRefusal(await api("PATCH", `/automations/nodes/${crypto.randomUUID()}`, {}), 404, "node_not_found")
    })

    it("runs a node skill: the run waits for the device, which takes the command by long poll and answers once", async () => {
      const node = await paired({}, ["node.files_list"])
      const created = await workflow([
        { type: "skill", skillId: "node.files_list", input: { nodeId: node.id, path: "{{payload.dir}}" } },
        { type: "log", message: "listed: {{last.outputText}}" }
      ])
      // The device is already waiting when the run queues its command.
      const polled = poll(node, 20)
      const started = await expectJson(
        await api("POST", `/automations/workflows/${created.id}/run`, { payload: { dir: "reports" } })
      )
      const [command, ...more] = await polled
      expect(more).toEqual([])
      expect(command).toMatchObject({ command: "node.files_list", params: { path: "reports" }, deliveries: 1 })
      const waiting = await settled(started.id, ["waiting_node"])
      expect(waiting.stepsResultJson[0]).toMatchObject({
        status: "waiting_node",
        output: { commandId: command.id, nodeId: node.id, command: "node.files_list", waiting: true }
      })
      // Handed out once: a second poll finds nothing while the first delivery is fresh.
      expect(await poll(node, 0)).toEqual([])

      const result = await expectJson(
        await node.call("POST", `/${node.id}/commands/${command.id}/result`, { ok: true, output: "q1.pdf\nq2.pdf" })
      )
      expect(result).toMatchObject({ id: command.id, status: "succeeded" })
      const done = await settled(started.id)
      expect(done.status).toBe("succeeded")
      expect(done.stepsResultJson[0]).toMatchObject({
        status: "succeeded",
        attempt: 1,
        output: { commandId: command.id, ok: true, output: "q1.pdf\nq2.pdf" }
      })
      expect(done.stepsResultJson[1].outputText).toBe("listed: q1.pdf\nq2.pdf")

      const again = await node.call("POST", `/${node.id}/commands/${command.id}/result`, { ok: true, output: "other" })
      await expectRefusal(again, 409, "command_finished")
      await expectRefusal(
        await node.call("POST", `/${node.id}/commands/${crypto.randomUUID()}/result`, { ok: true }),
        404,
        "node_command_not_found"
      )
    })

    it("fails the step with the device's error, and refuses results that are not what they claim", async () => {
      const node = await paired({}, ["node.files_read", "node.capture_screen"])
      const created = await workflow([
        { type: "skill", skillId: "node.files_read", input: { nodeId: node.id, path: "../etc/passwd" } }
      ])
      const started = await expectJson(await api("POST", `/automations/workflows/${created.id}/run`, {}))
      const command = await until("the command", async () => (await poll(node, 1))[0])
      const refusals: Array<[unknown, string]> = [
        [{ ok: "yes" }, "ok"],
        [{ ok: true, data: "not base64!" }, "data"],
        [{ ok: true, data: "QUJD", mimeType: "image" }, "mimeType"],
        [{ ok: true, output: "a\u0000b" }, "output"],
        [{ ok: false, error: { code: "Bad Code", message: "x" } }, "error.code"]
      ]
      for (const [body, field] of refusals) {
        const refused = await node.call("POST", `/${node.id}/commands/${command.id}/result`, body)
        const error = await expectRefusal(refused, 400, "validation_failed")
        expect(error.details?.[0]?.field, JSON.stringify(body)).toBe(field)
      }
      await expectJson(
        await node.call("POST", `/${node.id}/commands/${command.id}/result`, {
          ok: false,
          error: { code: "outside_root", message: "../etc/passwd leaves the shared folder" }
        })
      )
      const failed = await settled(started.id)
      expect(failed.status).toBe("failed")
      expect(failed.reason).toBe(
        "Step 0 failed: The node could not run node.files_read (outside_root): ../etc/passwd leaves the shared folder"
      )
    })

    it("waits for an approval that shows the exact command before system.run, and refuses programs off the list", async () => {
      const node = await paired({ allowSystem: true, allowedBinaries: ["echo"] }, ["system.run"])
      const created = await workflow([
        { type: "skill", skillId: "system.run", input: { nodeId: node.id, argv: ["echo", "{{payload.word}}"] } }
      ])
      const started = await expectJson(
        await api("POST", `/automations/workflows/${created.id}/run`, { payload: { word: "hello" } })
      )
      await settled(started.id, ["waiting_approval"])
      // Nothing reaches the device before the approval.
      expect(await poll(node, 0)).toEqual([])
      const approvals = await expectJson(await api("GET", "/automations/approvals?status=pending"))
      const approval = approvals.data.find((item: any) => item.runId === started.id)
      expect(approval).toMatchObject({ skillId: "system.run", input: { nodeId: node.id, argv: ["echo", "hello"] } })
      await expectJson(await api("POST", `/automations/approvals/${approval.id}/decide`, { decision: "approve" }))
      const command = await until("the approved command", async () => (await poll(node, 1))[0])
      expect(command).toMatchObject({ command: "system.run", params: { argv: ["echo", "hello"] } })
      await expectJson(
        await node.call("POST", `/${node.id}/commands/${command.id}/result`, { ok: true, output: "hello\n" })
      )
      const done = await settled(started.id)
      expect(done.status).toBe("succeeded")
      expect(done.stepsResultJson[0]).toMatchObject({ approved: true, output: { output: "hello\n" } })

      // A program the node does not allow fails the step once approved, before the device hears of it.
      const rm = await workflow([
        { type: "skill", skillId: "system.run", input: { nodeId: node.id, argv: ["rm", "-rf", "/"] } }
      ])
      const second = await expectJson(await api("POST", `/automations/workflows/${rm.id}/run`, {}))
      await settled(second.id, ["waiting_approval"])
      const pending = (await expectJson(await api("GET", "/automations/approvals?status=pending"))).data.find(
        (item: any) => item.runId === second.id
      )
      await expectJson(await api("POST", `/automations/approvals/${pending.id}/decide`, { decision: "approve" }))
      const refused = await settled(second.id)
      expect(refused.reason).toBe(
        "Step 0 failed: The node Laptop does not allow the program rm (not on its allowedBinaries)."
      )
      expect(await poll(node, 0)).toEqual([])
    })

    it("fails a step whose node never picks up its command once its time is up, naming the node offline", async () => {
      const node = await paired({}, ["node.ping"])
      const created = await workflow([
        { type: "skill", skillId: "node.ping", input: { nodeId: node.id, timeoutSeconds: 1 } }
      ])
      const started = await expectJson(await api("POST", `/automations/workflows/${created.id}/run`, {}))
      const failed = await settled(started.id, ["failed"])
      expect(failed.reason).toMatch(
        /^Step 0 failed: The node did not pick up node\.ping within 1 s: it is offline \(it was last seen /
      )
      // Too late: the device is told, and nothing changes.
      const [late] = (await expectJson(await node.call("GET", `/${node.id}/commands?wait=0`))).data
      expect(late).toBeUndefined()
    })

    it("ends the command of a run cancelled while it waits: no device takes it, and a late result is refused", async () => {
      const node = await paired({}, ["node.files_list", "node.ping"])
      const created = await workflow([{ type: "skill", skillId: "node.files_list", input: { nodeId: node.id, path: "/srv" } }])
      const started = await expectJson(await api("POST", `/automations/workflows/${created.id}/run`, {}))
      const waiting = await settled(started.id, ["waiting_node"])
      const commandId = waiting.stepsResultJson[0].output.commandId
      const cancelled = await expectJson(await api("POST", `/automations/runs/${started.id}/cancel`))
      expect(cancelled.status).toBe("cancelled")
      expect(await poll(node, 0)).toEqual([])
      await expectRefusal(
        await node.call("POST", `/${node.id}/commands/${commandId}/result`, { ok: true, output: "late" }),
        409,
        "command_finished"
      )
      const after = await settled(started.id, ["cancelled"])
      expect(after.status).toBe("cancelled")
      expect(after.stepsResultJson[0].status).toBe("waiting_node")
      // The node still works for the next run.
      const next = await workflow([{ type: "skill", skillId: "node.ping", input: { nodeId: node.id } }])
      const second = await expectJson(await api("POST", `/automations/workflows/${next.id}/run`, {}))
      const [ping] = await poll(node, 10)
      expect(ping).toMatchObject({ command: "node.ping" })
      await expectJson(await node.call("POST", `/${node.id}/commands/${ping.id}/result`, { ok: true, output: "pong" }))
      expect((await settled(second.id, ["succeeded"])).status).toBe("succeeded")
    })

    it("refuses node skills a node does not offer or allow, and nodes of other accounts", async () => {
      const node = await paired({}, ["node.ping"])
      const theirs = await (async () => {
        const created = await expectJson(await otherApi("POST", "/automations/nodes", { name: "Theirs" }))
        return created.id as string
      })()
      const cases: Array<[unknown, string]> = [
        [
          { type: "skill", skillId: "node.capture_screen", input: { nodeId: node.id } },
          "does not offer node.capture_screen (it offers: node.ping)"
        ],
        [{ type: "skill", skillId: "node.ping", input: { nodeId: theirs } }, `No node ${theirs} in this account.`],
        [
          { type: "skill", skillId: "browser.screenshot", input: { nodeId: node.id } },
          "does not offer browser.screenshot"
        ]
      ]
      for (const [step, reason] of cases) {
        const failed = await run((await workflow([step])).id)
        expect(failed.status).toBe("failed")
        expect(failed.reason).toContain(reason)
      }
      const badInput = await api("POST", "/automations/workflows", {
        name: "Bad",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [{ type: "skill", skillId: "node.ping", input: { nodeId: node.id, timeoutSeconds: 0 } }]
      })
      await expectRefusal(badInput, 400, "validation_failed")
      await expectRefusal(await node.call("GET", `/${node.id}/commands?wait=61`), 400, "validation_failed")
    })

    it("fails the steps waiting for a node at once when the node is revoked", async () => {
      const node = await paired({}, ["node.ping"])
      const created = await workflow([{ type: "skill", skillId: "node.ping", input: { nodeId: node.id } }])
      const started = await expectJson(await api("POST", `/automations/workflows/${created.id}/run`, {}))
      await settled(started.id, ["waiting_node"])
      await expectJson(await api("DELETE", `/automations/nodes/${node.id}`))
      const failed = await settled(started.id)
      expect(failed.reason).toBe(
        "Step 0 failed: The node could not run node.ping (node_revoked): The node was revoked before it answered."
      )
    })

    it("pushes settings and commands over the WebSocket, and closes it with 4401 once revoked", async () => {
      const node = await paired({}, ["node.ping"])
      const socketUrl = `${served.url.replace(/^http/, "ws")}/api/v1/automations/nodes/${node.id}/ws`
      /** Opens the socket; resolves with the status it was refused with, or the open socket and its messages. */
      const connect = (url: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number } | { socket: WebSocket; messages: Array<any>; closed: Promise<number> }>(
          (resolve) => {
            const socket = new WebSocket(url, { headers })
            const messages: Array<any> = []
            const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)))
            socket.on("message", (data) => messages.push(JSON.parse(data.toString())))
            socket.on("unexpected-response", (_request, response) => {
              response.resume()
              resolve({ status: response.statusCode ?? 0 })
            })
            socket.on("error", () => undefined)
            socket.on("open", () => resolve({ socket, messages, closed }))
          }
        )
      // Refused before the upgrade: no secret, a wrong one, another node's; and no upgrade at all.
      const other = await paired()
      expect(await connect(socketUrl)).toEqual({ status: 401 })
      expect(await connect(`${socketUrl}?secret=svk_node_wrong`)).toEqual({ status: 401 })
      expect(await connect(`${socketUrl}?secret=${other.secret}`)).toEqual({ status: 401 })
      await expectRefusal(await node.call("GET", `/${node.id}/ws`), 426, "upgrade_required")

      const opened = await connect(`${socketUrl}?secret=${node.secret}`)
      if (!("socket" in opened)) throw new Error(`refused with ${opened.status}`)
      const { socket, messages, closed } = opened
      const next = (type: string, after = 0) =>
        until(`a ${type} message`, async () => messages.slice(after).find((message) => message.type === type))
      expect(await next("settings")).toEqual({
        type: "settings",
        node: {
          id: node.id,
          name: "Laptop",
          capabilities: ["node.ping"],
          allowSystem: false,
          allowBrowser: false,
          allowedBinaries: [],
          allowedHosts: []
        }
      })
      socket.send("not json \u0000")
      socket.send(JSON.stringify({ type: "ping" }))
      expect(await next("pong")).toEqual({ type: "pong" })

      let seen = messages.length
      await expectJson(
        await api("PATCH", `/automations/nodes/${node.id}`, { allowSystem: true, allowedBinaries: ["echo"] })
      )
      expect((await next("settings", seen)).node).toMatchObject({ allowSystem: true, allowedBinaries: ["echo"] })

      seen = messages.length
      const created = await workflow([{ type: "skill", skillId: "node.ping", input: { nodeId: node.id } }])
      const started = await expectJson(await api("POST", `/automations/workflows/${created.id}/run`, {}))
      const pushed = await next("commands", seen)
      expect(pushed.data).toEqual([expect.objectContaining({ command: "node.ping", params: {}, deliveries: 1 })])
      await expectJson(
        await node.call("POST", `/${node.id}/commands/${pushed.data[0].id}/result`, { ok: true, output: "pong" })
      )
      expect((await settled(started.id)).stepsResultJson[0].outputText).toBe("pong")
      // Pushed, so not handed out again by a long poll.
      expect(await poll(node, 0)).toEqual([])

      await expectJson(await api("DELETE", `/automations/nodes/${node.id}`))
      expect(await closed).toBe(4401)
    })
  })
