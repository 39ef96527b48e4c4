// What the hand-written durable pipelines (bench/*/handwritten.mjs) share, written once as a
// careful engineer would: API keys checked by their SHA-256 digest (cached, as ServiceKit caches
// keys), JSON bodies and answers, and a pg-boss worker that fetches jobs in batches.
import { createHash } from "node:crypto"

export const digestOf = (text) => createHash("sha256").update(text).digest("hex")

/** The tenant of a `Bearer` key, found with `lookup(digest)` once per key; undefined for none. */
export const keyChecker = (lookup) => {
  const tenants = new Map()
  return async (header) => {
    const presented = header?.startsWith("Bearer ") ? header.slice(7) : undefined
    if (presented === undefined) return undefined
    const digest = digestOf(presented)
    if (!tenants.has(digest)) tenants.set(digest, await lookup(digest))
    return tenants.get(digest)
  }
}

export const answer = (response, status, body) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}

/** The request's body as JSON; undefined when it is not JSON. */
export const readJson = async (request) => {
  const chunks = []
  for await (const chunk of request) chunks.push(chunk)
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"))
  } catch {
    return undefined
  }
}

/**
 * A pg-boss worker running `handle(job)` for up to `concurrency` jobs at a time, fetched in
 * batches, their completions written together with the next fetch; `wakeUp` after a send saves
 * the poll's wait. `stop` resolves once the loop has ended.
 */
export const batchedWorker = ({ boss, queue, concurrency, handle }) => {
  let running = 0
  let completed = []
  let stopping = false
  let wake
  const wakeUp = () => {
    const resume = wake
    wake = undefined
    resume?.()
  }
  const loop = (async () => {
    while (!stopping) {
      if (completed.length > 0) {
        const ids = completed
        completed = []
        await boss.complete(queue, ids)
      }
      const free = concurrency - running
      const jobs = free > 0 ? await boss.fetch(queue, { batchSize: free }) : []
      for (const job of jobs) {
        running++
        handle(job)
          .then(() => completed.push(job.id))
          .catch((error) => boss.fail(queue, job.id, { message: String(error) }))
          .finally(() => {
            running--
            wakeUp()
          })
      }
      // All slots taken, or nothing more due: wait for a finished job or a send (or the next poll).
      if (free === 0 || jobs.length < free) await new Promise((resolve) => ((wake = resolve), setTimeout(resolve, 500)))
    }
  })()
  return {
    wakeUp,
    stop: () => {
      stopping = true
      wakeUp()
      return loop
    }
  }
}
