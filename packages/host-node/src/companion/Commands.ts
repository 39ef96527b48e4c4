import { realpath, stat } from "node:fs/promises"
import { UsageError } from "@servicekit/core/internal"
import { DEFAULT_CHROMIUM } from "./Browser.js"
import { COMPANION_VERSION, type Transport, runCompanion } from "./Companion.js"
import { ServerRefused, claim } from "./DeviceApi.js"
import { CompanionError, apiBase, deviceConfigPath, loadDeviceConfig, saveDeviceConfig } from "./DeviceConfig.js"
import { loadSkills } from "./Skills.js"

/** `servicekit node …`: the companion's commands, beside the server's. */

const TRANSPORTS: ReadonlyArray<Transport> = ["auto", "websocket", "poll"]

const chromiumOf = (flags: Record<string, string | undefined>) =>
  flags.chromium ?? process.env.SERVICEKIT_CHROMIUM ?? DEFAULT_CHROMIUM

const rootOf = async (flag: string | undefined) => {
  const root = flag ?? process.cwd()
  const real = await realpath(root).catch(() => undefined)
  if (real === undefined || !(await stat(real)).isDirectory()) {
    throw new UsageError({ message: `--root ${root} is not a folder` })
  }
  return real
}

/** Claims the pairing code and stores the secret in a file only this user can read. */
export const pairNode = async (args: ReadonlyArray<string>, flags: Record<string, string | undefined>) => {
  const [server, code] = args
  if (server === undefined || code === undefined || args.length > 2) {
    throw new UsageError({ message: "node pair takes the server's URL and the pairing code" })
  }
  const api = apiBase(server)
  // Only to know what this machine can run: nothing runs while pairing.
  const skills = await loadSkills({
    root: process.cwd(),
    chromium: chromiumOf(flags),
    settings: () => {
      throw new Error("not paired yet")
    }
  })
  const path = deviceConfigPath(flags.config)
  try {
    const node = await claim(api, code, {
      platform: `${process.platform} ${process.arch}`,
      version: `servicekit-node ${COMPANION_VERSION}`,
      capabilities: skills.capabilities
    })
    await saveDeviceConfig(path, { api, nodeId: node.id, name: node.name, deviceSecret: node.deviceSecret })
    return {
      json: { nodeId: node.id, name: node.name, config: path, capabilities: node.capabilities },
      text: `Paired as "${node.name}" (${node.id}); its secret is in ${path}, readable only by you.\nNext: servicekit node run --root <folder the node may read>`
    }
  } catch (error) {
    if (error instanceof ServerRefused) throw new CompanionError(`${error.message} (${error.code})`)
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
    throw new CompanionError(`cannot reach ${api}: ${why}`)
  } finally {
    await skills.close()
  }
}

/** Runs the companion until SIGINT or SIGTERM; rejects when the server refuses its secret. */
export const runNode = async (flags: Record<string, string | undefined>, json: boolean) => {
  const transport = (flags.transport ?? "auto") as Transport
  if (!TRANSPORTS.includes(transport)) {
    throw new UsageError({ message: `--transport must be ${TRANSPORTS.join(", ")}, got "${transport}"` })
  }
  const config = await loadDeviceConfig(deviceConfigPath(flags.config))
  const root = await rootOf(flags.root)
  const stopping = new AbortController()
  const stop = () => stopping.abort()
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  const log = (line: string) =>
    console.log(json ? JSON.stringify({ at: new Date().toISOString(), message: line }) : `servicekit node: ${line}`)
  log(`files root ${root}`)
  try {
    const ended = await runCompanion({
      config,
      root,
      chromium: chromiumOf(flags),
      transport,
      log,
      signal: stopping.signal
    })
    if (ended === "revoked") throw new CompanionError("the server refused this device's secret: pair it again")
  } finally {
    process.off("SIGINT", stop)
    process.off("SIGTERM", stop)
  }
  return undefined
}
