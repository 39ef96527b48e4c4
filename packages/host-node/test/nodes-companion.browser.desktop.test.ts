import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { type Socket, createConnection, createServer as createTcpServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type ModelServer, startModelServer } from "@servicekit/conformance"
import { NodeCommandRepository, NodeRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chromiumPath } from "../../adapters/test/services.js"
import { automationsClient, automationsTenants, expectJson, until } from "./automationsClient.js"
import { expirePairingCode } from "./automationsNodes.js"
import { kitOn, serve } from "./hostileInput.js"
import { type Started, run, start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
const API_KEY = "sk-companion-test"

/**
 * The companion client as its users run it: `servicekit node pair` and `servicekit node run` in
 * processes of their own, paired with a real server over HTTP and its WebSocket, running files,
 * programs, Chromium and a screen capture for real.
 */
describe("Companion nodes: the servicekit node client against a real server", () => {
  const dir = mkdtempSync(join(tmpdir(), "servicekit-companion-"))
  const root = join(dir, "root")
  let models: ModelServer
  let page: Server
  let pageUrl: string
  /** The Host of every request the test page served. */
  const pageHosts: Array<string> = []
  const companions: Array<Started> = []
  let xvfb: ChildProcess | undefined

  beforeAll(async () => {
    models = await startModelServer({ apiKey: API_KEY })
    page = createServer((request, response) => {
      pageHosts.push(request.headers.host ?? "")
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      // Random pixels over the viewport: a PNG of it passes the result's cap.
      // A link to the same server under a host the node does not allow.
      if (request.url === "/leave") {
        const port = (page.address() as { port: number }).port
        return response.end(
          `<!doctype html><title>Stay here</title><a id="away" href="http://localhost:${port}/form">away</a>`
        )
      }
      if (request.url === "/noise") {
        return response.end(`<!doctype html><title>Noise</title><body style="margin:0"><canvas id="c" width="1280" height="720"></canvas>
          <script>const c = document.getElementById("c").getContext("2d"); const image = c.createImageData(1280, 720);
          for (let i = 0; i < image.data.length; i++) image.data[i] = (i % 4 === 3) ? 255 : Math.random() * 256; c.putImageData(image, 0, 0)</script>`)
      }
      response.end(`<!doctype html><title>Order form</title>
        <input id="name"><button id="go" onclick="document.getElementById('out').textContent = 'Hello, ' + document.getElementById('name').value">Go</button>
        <p id="out"></p>`)
    })
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve))
    pageUrl = `http://127.0.0.1:${(page.address() as { port: number }).port}/form`
    mkdirSync(join(root, "reports"), { recursive: true })
    writeFileSync(join(root, "reports", "q1.txt"), "Revenue: 42 — naïve ✓\n")
    writeFileSync(
      join(root, "reports", "chart.png"),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0xff])
    )
    writeFileSync(join(dir, "secret.txt"), "outside the root")
    symlinkSync(dir, join(root, "escape"))
  })
  afterAll(async () => {
    await Promise.all(companions.map((companion) => companion.stop()))
    xvfb?.kill("SIGKILL")
    await models?.close()
    await new Promise((resolve) => page?.close(resolve))
    rmSync(dir, { recursive: true, force: true })
  })

  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dir, "kit"),
      SERVICEKIT_LLM_BASE_URL: models.baseUrl,
      SERVICEKIT_LLM_API_KEY: API_KEY,
      SERVICEKIT_LLM_MODELS: JSON.stringify({ fast: { model: "m-fast" } })
    })
  )
  let key: string
  const { api, workflow, settled } = automationsClient(served, () => key)
  beforeAll(async () => {
    ;({ key } = await automationsTenants(served, "Companion", ["automations", "ai_agent", "chat"]))
    await served.kit.startWorkers()
  })

  const NODE_SETTINGS = {
    allowSystem: true,
    allowedBinaries: ["echo", "sh"],
    allowBrowser: true,
    allowedHosts: ["127.0.0.1"]
  }
  /** Runs `servicekit node pair` for a new node: its config file, its id, and what the CLI said. */
  const pair = async (name: string, server = served.url) => {
    const created = await expectJson(await api("POST", "/automations/nodes", { name, ...NODE_SETTINGS }))
    const config = join(dir, `${created.id}.json`)
    const paired = await run(process.execPath, [cli, "node", "pair", server, created.pairingCode, "--config", config])
    return { id: created.id as string, code: created.pairingCode as string, config, paired }
  }
  /** Starts `servicekit node run` for a paired node. */
  const companion = async (
    config: string,
    options: { args?: Array<string>; env?: Record<string, string>; ready?: RegExp } = {}
  ) => {
    const started = start(
      process.execPath,
      [cli, "node", "run", "--config", config, "--root", root, ...(options.args ?? [])],
      {
        DISPLAY: "",
        CHROMIUM_PATH: chromiumPath,
        SERVICEKIT_CHROMIUM: chromiumPath,
        ...options.env
      }
    )
    companions.push(started)
    await started.waitFor(options.ready ?? /commands come over the WebSocket/, 30_000)
    return started
  }
  const runOf = async (steps: Array<unknown>, payload: Record<string, unknown> = {}) => {
    const created = await workflow(steps)
    return (await expectJson(await api("POST", `/automations/workflows/${created.id}/run`, { payload }))).id as string
  }
  const approve = async (runId: string) => {
    await settled(runId, ["waiting_approval"])
    const approvals = await expectJson(await api("GET", "/automations/approvals?status=pending"))
    const approval = approvals.data.find((item: any) => item.runId === runId)
    await expectJson(await api("POST", `/automations/approvals/${approval.id}/decide`, { decision: "approve" }))
    return approval
  }

  let main: { id: string; config: string }

  it("pairs with `servicekit node pair`, keeping the secret in a file only its user reads; a used or expired code is refused", async () => {
    const first = await pair("Workstation")
    expect(first.paired.code, first.paired.stderr).toBe(0)
    expect(first.paired.stdout).toContain(`Paired as "Workstation" (${first.id})`)
    expect(statSync(first.config).mode & 0o777).toBe(0o600)
    const stored = JSON.parse(readFileSync(first.config, "utf8"))
    expect(stored).toMatchObject({ api: `${served.url}/api/v1`, nodeId: first.id, name: "Workstation" })
    expect(stored.deviceSecret).toMatch(/^svk_node_/)
    main = first

    const nodes = await expectJson(await api("GET", "/automations/nodes"))
    const listed = nodes.data.find((node: any) => node.id === first.id)
    expect(listed).toMatchObject({ status: "paired", version: "servicekit-node 0.1.0" })
    // What every machine offers; the rest depends on what the machine has (see below).
    expect(listed.capabilities).toEqual(expect.arrayContaining(["node.ping", "node.files_read", "system.run"]))

    const again = await run(process.execPath, [
      cli,
      "node",
      "pair",
      served.url,
      first.code,
      "--config",
      join(dir, "again.json")
    ])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain("pairing_code_used")
    expect(existsSync(join(dir, "again.json"))).toBe(false)

    const late = await expectJson(await api("POST", "/automations/nodes", { name: "Late" }))
    await expirePairingCode(served, late.id)
    const expired = await run(process.execPath, [
      cli,
      "node",
      "pair",
      served.url,
      late.pairingCode,
      "--config",
      join(dir, "late.json")
    ])
    expect(expired.code).toBe(1)
    expect(expired.stderr).toContain("pairing_code_expired")

    // A config file others can read is refused, as ssh refuses such keys.
    const loose = join(dir, "loose.json")
    writeFileSync(loose, readFileSync(first.config), { mode: 0o644 })
    const refused = await run(process.execPath, [cli, "node", "run", "--config", loose, "--root", root])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`chmod 600 ${loose}`)
  })

  it("lists and reads files under its root over the WebSocket, and refuses every path that leaves it", async () => {
    const client = await companion(main.config)
    expect(client.output()).toContain("node.capture_screen is off: it needs a display")
    const listed = await settled(
      await runOf([
        { type: "skill", skillId: "node.files_list", input: { nodeId: main.id, path: "reports" } },
        { type: "skill", skillId: "node.files_read", input: { nodeId: main.id, path: "reports/q1.txt" } },
        { type: "skill", skillId: "node.files_read", input: { nodeId: main.id, path: "/reports/../reports/chart.png" } }
      ])
    )
    expect(listed.status).toBe("succeeded")
    const listing = JSON.parse(listed.stepsResultJson[0].outputText)
    expect(listing).toMatchObject({ path: "reports", truncated: false })
    expect(listing.entries.map((entry: any) => [entry.name, entry.type, entry.size])).toEqual([
      ["chart.png", "file", 10],
      ["q1.txt", "file", Buffer.byteLength("Revenue: 42 — naïve ✓\n")]
    ])
    expect(listed.stepsResultJson[1].outputText).toBe("Revenue: 42 — naïve ✓\n")
    // Not text: its bytes come back as base64 data.
    expect(listed.stepsResultJson[2].output).toMatchObject({ mimeType: "image/png" })
    expect(Buffer.from(listed.stepsResultJson[2].output.data, "base64")).toEqual(
      readFileSync(join(root, "reports", "chart.png"))
    )

    for (const path of ["../secret.txt", "/../secret.txt", "escape/secret.txt", "reports/../../secret.txt"]) {
      const refused = await settled(
        await runOf([{ type: "skill", skillId: "node.files_read", input: { nodeId: main.id, path } }])
      )
      expect(refused.status, path).toBe("failed")
      expect(refused.reason, path).toBe(
        "Step 0 failed: The node could not run node.files_read (outside_root): The path leaves this node's files root; only files inside it can be reached."
      )
    }
    // `/` is the root: the machine's own paths cannot be named.
    const machinePath = join(dir, "secret.txt")
    const missing = await settled(
      await runOf([{ type: "skill", skillId: "node.files_read", input: { nodeId: main.id, path: machinePath } }])
    )
    expect(missing.reason).toBe(
      `Step 0 failed: The node could not run node.files_read (not_found): No such file: ${machinePath}`
    )
  })

  it("runs an allowlisted program after an approval showing its argv, and refuses one off the list", async () => {
    const runId = await runOf([
      {
        type: "skill",
        skillId: "system.run",
        input: { nodeId: main.id, argv: ["sh", "-c", 'echo "$0 in $PWD"; env | sort', "hello"] }
      }
    ])
    const approval = await approve(runId)
    expect(approval.input).toEqual({ nodeId: main.id, argv: ["sh", "-c", 'echo "$0 in $PWD"; env | sort', "hello"] })
    const done = await settled(runId)
    expect(done.status).toBe("succeeded")
    const [first, ...environment] = done.stepsResultJson[0].outputText.trim().split("\n")
    expect(first).toBe(`hello in ${root}`)
    // A clean environment: none of the companion's own variables (its config, the test runner's).
    const names = environment.map((line: string) => line.split("=")[0])
    expect(names).toContain("PATH")
    expect(names).not.toContain("SERVICEKIT_CHROMIUM")
    expect(names).not.toContain("CHROMIUM_PATH")

    const failing = await runOf([
      {
        type: "skill",
        skillId: "system.run",
        input: { nodeId: main.id, argv: ["sh", "-c", "echo partial; echo broke >&2; exit 3"] }
      }
    ])
    await approve(failing)
    const failed = await settled(failing)
    expect(failed.reason).toBe(
      "Step 0 failed: The node could not run system.run (exit_status): sh exited with status 3: broke"
    )

    // Stopped before its deadline, so the step says why; and a flood of output is cut at the cap.
    const slow = await runOf([
      {
        type: "skill",
        skillId: "system.run",
        input: { nodeId: main.id, argv: ["sh", "-c", "sleep 30"], timeoutSeconds: 6 }
      }
    ])
    await approve(slow)
    expect((await settled(slow)).reason).toMatch(
      /^Step 0 failed: The node could not run system\.run \(timeout\): sh ran past \d s and was stopped\.$/
    )
    const flood = await runOf([
      {
        type: "skill",
        skillId: "system.run",
        input: { nodeId: main.id, argv: ["sh", "-c", "yes naïve | head -c 3000000"] }
      }
    ])
    await approve(flood)
    const flooded = (await settled(flood)).stepsResultJson[0].outputText as string
    expect(flooded.length).toBe(256 * 1024)
    expect(flooded.startsWith("naïve\nnaïve\n")).toBe(true)
    expect(flooded.endsWith("\n[output truncated]")).toBe(true)

    const offList = await runOf([
      { type: "skill", skillId: "system.run", input: { nodeId: main.id, argv: ["cat", "/etc/passwd"] } }
    ])
    await approve(offList)
    expect((await settled(offList)).reason).toBe(
      "Step 0 failed: The node Workstation does not allow the program cat (not on its allowedBinaries)."
    )
  })

  it("drives Chromium on a local page: opens it after an approval, types, clicks, reads and screenshots it", async () => {
    const runId = await runOf(
      [
        { type: "skill", skillId: "browser.navigate", input: { nodeId: main.id, url: "{{payload.url}}" } },
        { type: "skill", skillId: "browser.type", input: { nodeId: main.id, selector: "#name", text: "Ada Lovelace" } },
        { type: "skill", skillId: "browser.click", input: { nodeId: main.id, selector: "#go" } },
        { type: "skill", skillId: "browser.content", input: { nodeId: main.id } },
        { type: "skill", skillId: "browser.screenshot", input: { nodeId: main.id } }
      ],
      { url: pageUrl }
    )
    const approval = await approve(runId)
    expect(approval).toMatchObject({ skillId: "browser.navigate", input: { nodeId: main.id, url: pageUrl } })
    const done = await until(
      "the browser run",
      async () => {
        const found = await expectJson(await api("GET", `/automations/runs/${runId}`))
        return ["succeeded", "failed"].includes(found.status) ? found : undefined
      },
      60_000
    )
    expect(done.status, JSON.stringify(done.stepsResultJson)).toBe("succeeded")
    expect(JSON.parse(done.stepsResultJson[0].outputText)).toEqual({ url: pageUrl, title: "Order form", status: 200 })
    expect(done.stepsResultJson[3].outputText).toContain('<p id="out">Hello, Ada Lovelace</p>')
    const screenshot = done.stepsResultJson[4].output
    expect(screenshot.mimeType).toBe("image/png")
    const png = Buffer.from(screenshot.data, "base64")
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    // IHDR: the page's viewport.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 720])

    // A screenshot too large in PNG comes as JPEG.
    const noisy = await runOf([
      {
        type: "skill",
        skillId: "browser.navigate",
        input: { nodeId: main.id, url: pageUrl.replace("/form", "/noise") }
      },
      { type: "skill", skillId: "browser.screenshot", input: { nodeId: main.id } }
    ])
    await approve(noisy)
    const shot = (await settled(noisy)).stepsResultJson[1].output
    expect(shot.mimeType).toBe("image/jpeg")
    expect(Buffer.from(shot.data, "base64").subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))

    // The page's own navigation to a host off the list is stopped on the device: the page is left
    // on Chromium's error page, which the next command refuses, and the host is never asked.
    const leaving = await runOf([
      {
        type: "skill",
        skillId: "browser.navigate",
        input: { nodeId: main.id, url: pageUrl.replace("/form", "/leave") }
      },
      { type: "skill", skillId: "browser.click", input: { nodeId: main.id, selector: "#away" } },
      { type: "skill", skillId: "browser.content", input: { nodeId: main.id } }
    ])
    await approve(leaving)
    const stopped = await settled(leaving)
    expect(JSON.parse(stopped.stepsResultJson[1].outputText).url).toBe("chrome-error://chromewebdata/")
    expect(stopped.reason).toBe(
      "Step 2 failed: The node could not run browser.content (host_not_allowed): The page chrome-error://chromewebdata/ is not on this node's allowedHosts."
    )
    expect(pageHosts.filter((host) => host.startsWith("localhost"))).toEqual([])

    // A host off the node's list is refused before anything reaches the device.
    const elsewhere = await runOf([
      { type: "skill", skillId: "browser.navigate", input: { nodeId: main.id, url: "http://localhost:1/" } }
    ])
    await approve(elsewhere)
    expect((await settled(elsewhere)).reason).toBe(
      "Step 0 failed: The node Workstation does not allow opening http://localhost:1/ (its host is not on its allowedHosts)."
    )
  }, 90_000)

  it("runs node skills from an agent step, the gated one after an approval", async () => {
    models.cue(
      "m-fast",
      { reply: `TOOL_CALL:node.files_read|{"nodeId":"${main.id}","path":"reports/q1.txt"}` },
      { reply: `TOOL_CALL:system.run|{"nodeId":"${main.id}","argv":["echo","agent was here"]}` },
      { reply: "FINAL:Revenue is 42." }
    )
    const runId = await runOf([
      { type: "agent", instructions: "Report the revenue.", skills: ["node.files_read", "system.run"] }
    ])
    const approval = await approve(runId)
    expect(approval).toMatchObject({
      skillId: "system.run",
      input: { nodeId: main.id, argv: ["echo", "agent was here"] }
    })
    const done = await settled(runId)
    expect(done.status).toBe("succeeded")
    const output = done.stepsResultJson[0].output
    expect(output.text).toBe("Revenue is 42.")
    expect(output.turns.map((turn: any) => turn.verdict)).toEqual(["allowed", "approved", "final"])
    // The model saw what the node answered.
    const asked = models
      .requests()
      .slice(-2)
      .map((request) => JSON.stringify(request.messages))
    expect(asked[0]).toContain("Revenue: 42")
    expect(asked[1]).toContain("agent was here")
  })

  it("runs a command once when its WebSocket drops mid-command: pushed again on the new socket, answered once", async () => {
    const proxy = await tcpRelay(new URL(served.url).port)
    const node = await pair("Behind a flaky network", proxy.url)
    expect(node.paired.code, node.paired.stderr).toBe(0)
    const client = await companion(node.config)
    const marker = join(dir, "ran.txt")
    const runId = await runOf([
      {
        type: "skill",
        skillId: "system.run",
        input: { nodeId: node.id, argv: ["sh", "-c", `echo run >> ${marker}; sleep 3; echo finished`] }
      }
    ])
    await approve(runId)
    await until("the program to start", async () => (existsSync(marker) ? true : undefined))
    proxy.cut()
    await until("the client to reconnect", async () =>
      (client.output().match(/commands come over the WebSocket/g) ?? []).length >= 2 ? true : undefined
    )
    const done = await settled(runId)
    expect(done.status).toBe("succeeded")
    expect(done.stepsResultJson[0].outputText).toBe("finished\n")
    expect(readFileSync(marker, "utf8")).toBe("run\n")
    // Handed out twice (the second time on the new socket), run and answered once.
    const command = await served.kit.runtime.runPromise(
      Effect.gen(function* () {
        const stored = Option.getOrThrow(yield* (yield* NodeRepository).findAnywhere(node.id))
        const commands = yield* NodeCommandRepository
        return yield* commands.find(stored.tenantId, node.id, done.stepsResultJson[0].output.commandId)
      })
    )
    expect(Option.map(command, (found) => [found.status, found.deliveries])).toEqual(Option.some(["succeeded", 2]))
    await proxy.close()
  }, 60_000)

  it("takes commands by long poll when told to, and captures a screen under Xvfb", async () => {
    const display = `:${90 + Math.floor(Math.random() * 9)}`
    xvfb = spawn("Xvfb", [display, "-screen", "0", "800x600x24", "-nolisten", "tcp"], { stdio: "ignore" })
    await until("Xvfb", async () => (existsSync(`/tmp/.X11-unix/X${display.slice(1)}`) ? true : undefined), 10_000)
    const node = await pair("Kiosk")
    await companion(node.config, { args: ["--transport", "poll"], env: { DISPLAY: display }, ready: /ready: / })
    const done = await settled(
      await runOf([
        { type: "skill", skillId: "node.ping", input: { nodeId: node.id } },
        { type: "skill", skillId: "node.capture_screen", input: { nodeId: node.id } }
      ])
    )
    expect(done.status, JSON.stringify(done.stepsResultJson)).toBe("succeeded")
    expect(done.stepsResultJson[0].outputText).toBe("pong")
    const capture = done.stepsResultJson[1].output
    expect(capture.mimeType).toBe("image/png")
    const png = Buffer.from(capture.data, "base64")
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([800, 600])

    // The main node runs without a display: it does not offer the capture, and says what it needs.
    const refused = await settled(
      await runOf([{ type: "skill", skillId: "node.capture_screen", input: { nodeId: main.id } }])
    )
    expect(refused.reason).toMatch(/^Step 0 failed: The node Workstation does not offer node\.capture_screen/)
  })

  it("cuts the client off once the node is revoked", async () => {
    const client = companions[0]
    await expectJson(await api("DELETE", `/automations/nodes/${main.id}`))
    const code = client.child.exitCode ?? (await new Promise((resolve) => client.child.once("exit", resolve)))
    expect(code).toBe(1)
    expect(client.output()).toContain("error: the server refused this device's secret: pair it again")
  })
})

/** A TCP relay to the server whose connections can all be cut at once, as a network failure does. */
const tcpRelay = async (port: string) => {
  const open = new Set<Socket>()
  const server = createTcpServer((client) => {
    const upstream = createConnection({ host: "127.0.0.1", port: Number(port) })
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.on("close", () => open.delete(socket))
      socket.on("error", () => undefined)
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    cut: () => {
      for (const socket of open) socket.destroy()
    },
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), open.forEach((s) => s.destroy())))
  }
}
