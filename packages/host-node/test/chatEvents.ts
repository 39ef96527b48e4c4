import { expect } from "vitest"

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
