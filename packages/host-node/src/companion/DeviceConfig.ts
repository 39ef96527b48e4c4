import { chmod, mkdir, open, readFile, rename, stat } from "node:fs/promises"
import { homedir } from "node:os"
import { dirname, join } from "node:path"

/** What `servicekit node pair` stores: the server, the node and its secret. */
export interface DeviceConfig {
  /** Where the API lives, e.g. `https://kit.example.com/api/v1`. */
  readonly api: string
  readonly nodeId: string
  readonly name: string
  readonly deviceSecret: string
}

/** A companion command that cannot go on; its message says what to do. */
export class CompanionError extends Error {
  override readonly name = "CompanionError"
}

/** `--config`, else SERVICEKIT_NODE_CONFIG, else `servicekit/node.json` under the user's config folder. */
export const deviceConfigPath = (flag: string | undefined) =>
  flag ??
  process.env.SERVICEKIT_NODE_CONFIG ??
  join(process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config"), "servicekit", "node.json")

/** The API's base from what people type: a server's address, with or without `/api` or `/api/v1`. */
export const apiBase = (server: string) => {
  if (!URL.canParse(server)) throw new CompanionError(`"${server}" is not a URL (e.g. https://kit.example.com)`)
  const url = new URL(server)
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CompanionError(`"${server}" must be an http or https URL`)
  }
  if (url.username !== "" || url.password !== "" || url.search !== "" || url.hash !== "") {
    throw new CompanionError(`"${server}" must not carry credentials, a query or a fragment`)
  }
  const path = url.pathname.replace(/\/+$/, "")
  url.pathname = path.endsWith("/api/v1") ? path : path.endsWith("/api") ? `${path}/v1` : `${path}/api/v1`
  return url.href
}

/** Writes the file readable by its user only (0600, in a 0700 folder), replacing it whole. */
export const saveDeviceConfig = async (path: string, config: DeviceConfig) => {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 })
  const temporary = `${path}.${process.pid}.tmp`
  const file = await open(temporary, "w", 0o600)
  try {
    await file.writeFile(`${JSON.stringify(config, null, 2)}\n`)
    await file.sync()
  } finally {
    await file.close()
  }
  await chmod(temporary, 0o600)
  await rename(temporary, path)
}

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0

/** Reads the stored pairing, refusing a file others can read (as ssh does with its keys). */
export const loadDeviceConfig = async (path: string): Promise<DeviceConfig> => {
  let text: string
  try {
    if (process.platform !== "win32" && ((await stat(path)).mode & 0o077) !== 0) {
      throw new CompanionError(`${path} is readable by others; run: chmod 600 ${path}`)
    }
    text = await readFile(path, "utf8")
  } catch (error) {
    if (error instanceof CompanionError) throw error
    const code = (error as NodeJS.ErrnoException).code
    throw new CompanionError(
      code === "ENOENT"
        ? `${path} does not exist: pair this device first (servicekit node pair <server url> <pairing code>)`
        : `cannot read ${path}: ${code ?? String(error)}`
    )
  }
  let parsed: Partial<Record<keyof DeviceConfig, unknown>>
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new CompanionError(`${path} is not JSON: pair this device again`)
  }
  if (!isText(parsed.api) || !isText(parsed.nodeId) || !isText(parsed.deviceSecret) || !isText(parsed.name)) {
    throw new CompanionError(`${path} lacks api, nodeId, name or deviceSecret: pair this device again`)
  }
  return { api: parsed.api, nodeId: parsed.nodeId, name: parsed.name, deviceSecret: parsed.deviceSecret }
}
