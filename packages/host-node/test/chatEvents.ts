import { expect } from "vitest"
import type { Served } from "./hostileInput.js"

export interface Seen {
  readonly event: string
  readonly id: string | undefined
  readonly data: any
}

/** A visitor's live connection, read the way the hosted page reads it: fetch, with Last-Event-ID. */
export const follow = (url: string, token: string, lastEventId?: string) => {
  const seen: Array<Seen> = []
  const abort = new AbortController()
  const done = (async () => {
    const response = await fetch(url, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId })
      },
      signal: abort.signal
    })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/event-stream")
    const decoder = new TextDecoder()
    let buffer = ""
    const reader = response.body!.getReader()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let end
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const fields = new Map<string, string>()
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) continue
          const colon = line.indexOf(":")
          fields.set(line.slice(0, colon), line.slice(colon + 2))
        }
        if (fields.has("data")) {
          seen.push({
            event: fields.get("event") ?? "message",
            id: fields.get("id"),
            data: JSON.parse(fields.get("data")!)
          })
        }
      }
    }
  })().catch((error) => {
    if (!abort.signal.aborted) throw error
  })
  return {
    seen,
    messages: () => seen.filter((event) => event.event === "message").map((event) => event.data),
    close: async () => {
      abort.abort()
      await done
    }
  }
}

export const until = async (what: string, check: () => boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A Live Chat tenant on `served`'s kit: its id, a chat key that reads and writes, and its agents' tokens. */
export const chatTenant = async (served: Pick<Served, "kit">, name: string) => {
  const tenant = await served.kit.admin.createTenant({ name, entitlements: ["chat"] })
  const { key } = await served.kit.admin.createKey({
    tenantId: tenant.id,
    product: "chat",
    environment: "live",
    scopes: ["chat:read", "chat:write"]
  })
  const token = async (sub: string, role: "admin" | "member" = "member") =>
    (await served.kit.admin.issueDashboardToken(tenant.id, { sub, role })).token
  return { tenantId: tenant.id, key, token }
}

/** Calls under `served`'s mount path with a bearer credential, JSON in and out. */
export const chatCalls = (served: Pick<Served, "url">) => {
  const call = async (credential: string, method: string, path: string, body?: unknown) =>
    fetch(`${served.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${credential}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  /** The answer's body, once it is a 200. */
  const json = async (answer: Response | Promise<Response>) => {
    const response = await answer
    expect(response.status, await response.clone().text()).toBe(200)
    return response.json()
  }
  return { call, json }
}
