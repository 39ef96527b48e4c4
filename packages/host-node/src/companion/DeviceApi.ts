import type { DeviceConfig } from "./DeviceConfig.js"

/** What the node may do, as the server answers heartbeats and pushes to sockets. */
export interface NodeSettings {
  readonly id: string
  readonly name: string
  readonly capabilities: ReadonlyArray<string>
  readonly allowSystem: boolean
  readonly allowBrowser: boolean
  readonly allowedBinaries: ReadonlyArray<string>
  readonly allowedHosts: ReadonlyArray<string>
}

/** A command as the server hands it out. */
export interface DeviceCommand {
  readonly id: string
  readonly command: string
  readonly params: Record<string, unknown>
  readonly deliveries: number
  readonly expiresAt: string
  readonly createdAt: string
}

export interface CommandResult {
  readonly ok: boolean
  readonly output?: string
  /** Base64. */
  readonly data?: string
  readonly mimeType?: string
  readonly error?: { readonly code: string; readonly message: string }
}

/** What the device reports of itself. */
export interface DeviceReport {
  readonly platform: string
  readonly version: string
  readonly capabilities: ReadonlyArray<string>
}

/** The server answered with an error: `status` and the common error body's code. */
export class ServerRefused extends Error {
  override readonly name = "ServerRefused"
  constructor(
    readonly status: number,
    readonly code: string,
    message: string
  ) {
    super(message)
  }
  /** The secret (or the pairing code) no longer works: retrying will not help. */
  get credentialRefused() {
    return this.status === 401
  }
}

const call = async (url: string, init: RequestInit & { readonly timeoutMs?: number; readonly stop?: AbortSignal }) => {
  const timeout = AbortSignal.timeout(init.timeoutMs ?? 30_000)
  const signal = init.stop === undefined ? timeout : AbortSignal.any([timeout, init.stop])
  const response = await fetch(url, { ...init, signal })
  const text = await response.text()
  const body = text.length === 0 ? undefined : (JSON.parse(text) as any)
  if (!response.ok) {
    throw new ServerRefused(
      response.status,
      String(body?.error?.code ?? "http_error"),
      String(body?.error?.message ?? `${response.status} ${response.statusText}`)
    )
  }
  return body
}

const json = (body: unknown, secret?: string) => ({
  method: "POST",
  headers: {
    "content-type": "application/json",
    ...(secret === undefined ? {} : { authorization: `Bearer ${secret}` })
  },
  body: JSON.stringify(body)
})

/** Trades a pairing code for the node and its device secret. */
export const claim = (api: string, pairingCode: string, report: DeviceReport) =>
  call(`${api}/automations/nodes/claim`, json({ pairingCode, ...report })) as Promise<
    NodeSettings & { readonly deviceSecret: string }
  >

/** The device routes of one paired node; `stop` cancels calls under way. */
export const deviceApi = (config: DeviceConfig, stop: AbortSignal) => {
  const base = `${config.api}/automations/nodes/${config.nodeId}`
  const auth = { authorization: `Bearer ${config.deviceSecret}` }
  return {
    heartbeat: (report: DeviceReport) =>
      call(`${base}/heartbeat`, { ...json(report, config.deviceSecret), stop }) as Promise<NodeSettings>,
    /** Waits up to `waitSeconds` for commands (the long poll). */
    poll: async (waitSeconds: number) =>
      ((
        await call(`${base}/commands?wait=${waitSeconds}`, {
          headers: auth,
          stop,
          timeoutMs: (waitSeconds + 15) * 1000
        })
      ).data ?? []) as ReadonlyArray<DeviceCommand>,
    result: (commandId: string, result: CommandResult) =>
      call(`${base}/commands/${commandId}/result`, { ...json(result, config.deviceSecret), stop }) as Promise<{
        status: string
      }>,
    /** The socket's address; the secret goes in its Authorization header, not the URL. */
    socketUrl: `${base.replace(/^http/, "ws")}/ws`,
    socketHeaders: auth
  }
}

export type DeviceApi = ReturnType<typeof deviceApi>
