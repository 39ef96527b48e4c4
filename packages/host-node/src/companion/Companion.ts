import { DEFAULT_POLL_SECONDS, SOCKET_SECRET_REFUSED } from "@servicekit/core/internal"
import WebSocket from "ws"
import { type CommandResult, type DeviceCommand, type NodeSettings, ServerRefused, deviceApi } from "./DeviceApi.js"
import type { DeviceConfig } from "./DeviceConfig.js"
import { errorText, failed } from "./Outcome.js"
import { loadSkills } from "./Skills.js"

export const COMPANION_VERSION = "0.1.0"
export type Transport = "auto" | "websocket" | "poll"

export interface CompanionOptions {
  readonly config: DeviceConfig
  /** The real path the file skills are held to. */
  readonly root: string
  readonly chromium: string
  /** auto: the WebSocket, long polls while it is down, and long polls only on a server without it. */
  readonly transport: Transport
  readonly log: (line: string) => void
  readonly signal: AbortSignal
}

const HEARTBEAT_MS = 30_000
/** The socket is pinged this often, and given up when nothing came back for twice as long. */
const SOCKET_PING_MS = 20_000
/** Command ids remembered as taken, so a command handed out again is not run twice. */
const REMEMBERED = 2_000

/** 1 s, 2 s, 4 s … up to 30 s, ±20%. */
const backoff = (failures: number) => Math.min(30_000, 1_000 * 2 ** Math.min(failures, 5)) * (0.8 + Math.random() * 0.4)

type SocketEnd = "closed" | "unsupported" | "refused"

/**
 * The companion: heartbeats, takes commands (pushed over the WebSocket, or by long polls), runs
 * each command id once and posts its result, reconnecting with backoff. Resolves "stopped" when
 * `signal` aborts, "revoked" when the server refuses the device secret.
 */
export const runCompanion = async (options: CompanionOptions): Promise<"stopped" | "revoked"> => {
  const { config, log } = options
  const stop = new AbortController()
  const onAbort = () => stop.abort()
  options.signal.addEventListener("abort", onAbort, { once: true })
  let revoked = false
  const refuse = () => {
    if (!revoked) log("the server refused this device's secret (the node was revoked?): pair it again")
    revoked = true
    stop.abort()
  }
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        stop.signal.removeEventListener("abort", done)
        resolve()
      }
      stop.signal.addEventListener("abort", done, { once: true })
    })

  let settings: NodeSettings = {
    id: config.nodeId,
    name: config.name,
    capabilities: [],
    allowSystem: false,
    allowBrowser: false,
    allowedBinaries: [],
    allowedHosts: []
  }
  const skills = await loadSkills({ root: options.root, chromium: options.chromium, settings: () => settings })
  for (const [skill, needs] of skills.off) log(`${skill} is off: it needs ${needs}`)
  const api = deviceApi(config, stop.signal)
  const report = {
    platform: `${process.platform} ${process.arch}`,
    version: `servicekit-node ${COMPANION_VERSION}`,
    capabilities: skills.capabilities
  }

  /** A network failure, or the server's 5xx/429: worth another try. */
  const transient = (error: unknown) => !(error instanceof ServerRefused) || error.status >= 500 || error.status === 429

  const taken = new Set<string>()
  let browserQueue: Promise<unknown> = Promise.resolve()
  const running = new Set<Promise<void>>()

  const post = async (command: DeviceCommand, result: CommandResult) => {
    for (let failures = 0; !stop.signal.aborted; failures++) {
      try {
        await api.result(command.id, result)
        return
      } catch (error) {
        if (error instanceof ServerRefused && error.credentialRefused) return refuse()
        if (error instanceof ServerRefused && error.status === 400 && result.ok) {
          // A result the server cannot take still ends the step, as a failure that says why.
          log(`${command.command} ${command.id}: result refused (${error.message})`)
          result = { ok: false, error: { code: "result_refused", message: errorText(error.message) } }
          continue
        }
        if (!transient(error) || Date.now() > Date.parse(command.expiresAt)) {
          if (error instanceof ServerRefused) log(`${command.command} ${command.id}: ${error.code}`)
          return
        }
        await sleep(backoff(failures))
      }
    }
  }

  const execute = async (command: DeviceCommand) => {
    const attempt = () => skills.run(command).catch(failed)
    // One page serves the browser commands: they run one after another.
    const result = command.command.startsWith("browser.")
      ? await (browserQueue = browserQueue.then(attempt, attempt))
      : await attempt()
    log(`${command.command} ${command.id}: ${result.ok ? "ok" : (result.error?.code ?? "failed")}`)
    await post(command, result)
  }

  const take = (commands: ReadonlyArray<DeviceCommand>) => {
    for (const command of commands) {
      if (taken.has(command.id) || stop.signal.aborted) continue
      taken.add(command.id)
      if (taken.size > REMEMBERED) taken.delete(taken.values().next().value as string)
      const job = execute(command).finally(() => running.delete(job))
      running.add(job)
    }
  }

  const heartbeat = async () => {
    try {
      settings = await api.heartbeat(report)
      return true
    } catch (error) {
      if (error instanceof ServerRefused && error.credentialRefused) refuse()
      else if (!stop.signal.aborted) log(`heartbeat failed: ${error instanceof Error ? error.message : String(error)}`)
      return false
    }
  }

  const pollOnce = async (waitSeconds: number) => {
    try {
      take(await api.poll(waitSeconds))
      return true
    } catch (error) {
      if (error instanceof ServerRefused && error.credentialRefused) refuse()
      return false
    }
  }

  const viaSocket = () =>
    new Promise<SocketEnd>((resolve) => {
      const socket = new WebSocket(api.socketUrl, { headers: api.socketHeaders, handshakeTimeout: 10_000 })
      let heard = Date.now()
      let pinger: ReturnType<typeof setInterval> | undefined
      const end = (how: SocketEnd) => {
        clearInterval(pinger)
        stop.signal.removeEventListener("abort", close)
        resolve(how)
      }
      const close = () => socket.close(1000)
      stop.signal.addEventListener("abort", close, { once: true })
      socket.on("unexpected-response", (request, response) => {
        const status = response.statusCode ?? 0
        response.resume()
        request.destroy()
        end(status === 401 ? "refused" : status === 426 || status === 404 ? "unsupported" : "closed")
      })
      socket.on("open", () => {
        log("connected: commands come over the WebSocket")
        pinger = setInterval(() => {
          if (Date.now() - heard > 2 * SOCKET_PING_MS) socket.terminate()
          else socket.ping()
        }, SOCKET_PING_MS)
      })
      socket.on("pong", () => (heard = Date.now()))
      socket.on("message", (data) => {
        heard = Date.now()
        let message: { type?: string; node?: NodeSettings; data?: ReadonlyArray<DeviceCommand> }
        try {
          message = JSON.parse(data.toString())
        } catch {
          return
        }
        if (message.type === "settings" && message.node !== undefined) settings = message.node
        if (message.type === "commands" && Array.isArray(message.data)) take(message.data)
      })
      socket.on("error", () => undefined)
      socket.on("close", (code) => end(code === SOCKET_SECRET_REFUSED ? "refused" : "closed"))
    })

  // The first heartbeat tells the server what this device can do, and the device what it may.
  for (let failures = 0; !(await heartbeat()) && !stop.signal.aborted; failures++) await sleep(backoff(failures))
  if (!stop.signal.aborted) {
    log(`node ${settings.name} (${config.nodeId}) ready: ${skills.capabilities.join(", ")}`)
  }
  const beating = setInterval(() => void heartbeat(), HEARTBEAT_MS)

  let transport = options.transport
  let failures = 0
  while (!stop.signal.aborted) {
    if (transport === "poll") {
      if (await pollOnce(DEFAULT_POLL_SECONDS)) failures = 0
      else if (!stop.signal.aborted) await sleep(backoff(failures++))
      continue
    }
    const opened = Date.now()
    const ended = await viaSocket()
    if (ended === "refused") refuse()
    if (stop.signal.aborted) break
    if (ended === "unsupported" && transport === "auto") {
      log("the server takes no WebSocket here: commands come by long polls")
      transport = "poll"
      continue
    }
    failures = Date.now() - opened > 60_000 ? 0 : failures + 1
    const pause = backoff(failures)
    log(`WebSocket closed; connecting again in ${Math.round(pause / 1000)} s`)
    // While the socket is down, a long poll keeps commands coming.
    if (transport === "auto" && (await pollOnce(Math.max(1, Math.round(pause / 1000))))) continue
    await sleep(pause)
  }

  clearInterval(beating)
  options.signal.removeEventListener("abort", onAbort)
  await Promise.race([Promise.allSettled(running), new Promise((resolve) => setTimeout(resolve, 5_000))])
  await skills.close()
  return revoked ? "revoked" : "stopped"
}
