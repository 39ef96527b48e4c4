import type { SlotBuffer } from "@servicekit/core/internal"

/** The most tenants whose job durations a worker remembers; the least recently heard are forgotten. */
const REMEMBERED_TENANTS = 10_000

/**
 * A releaser's buffer in Redis: the jobs it released that no worker has started yet, by tenant,
 * and how long each tenant's jobs take here, so that the rounds share the buffer by weight and
 * keep slow tenants' jobs out of it (see SlotBuffer).
 */
export const makeWorkerBuffer = () => {
  // Released jobs not started yet, oldest first: job id to tenant.
  const released = new Map<string, string>()
  const queued = new Map<string, number>()
  // Each tenant's moving mean job duration here, in ms: the latest job weighs a quarter.
  const durations = new Map<string, number>()
  const count = (tenant: string, by: number) => {
    const n = (queued.get(tenant) ?? 0) + by
    if (n <= 0) queued.delete(tenant)
    else queued.set(tenant, n)
  }
  const drop = (id: string) => {
    const tenant = released.get(id)
    if (tenant === undefined) return
    released.delete(id)
    count(tenant, -1)
  }
  return {
    /** The released jobs waiting, by tenant. */
    queued: queued as ReadonlyMap<string, number>,
    /** Jobs handed to Redis, by their BullMQ ids. */
    released: (jobs: ReadonlyArray<{ readonly id: string; readonly tenant: string }>) => {
      for (const job of jobs) {
        released.set(job.id, job.tenant)
        count(job.tenant, 1)
      }
    },
    /** A job of this worker started. */
    started: (id: string) => drop(id),
    /**
     * Redis holds `waiting` jobs: released jobs beyond that many, the oldest (Redis hands jobs
     * out in order), were started by another worker process.
     */
    waiting: (waiting: number) => {
      for (const id of released.keys()) {
        if (released.size <= waiting) break
        drop(id)
      }
    },
    /** A job of the tenant ended after `ms`. */
    ended: (tenant: string, ms: number) => {
      const mean = durations.get(tenant)
      // Deleted and set again: the map's order is the order tenants were last heard in.
      durations.delete(tenant)
      durations.set(tenant, mean === undefined ? ms : mean * 0.75 + ms * 0.25)
      if (durations.size > REMEMBERED_TENANTS) durations.delete(durations.keys().next().value!)
    },
    /** The buffer for a round: `spare` jobs may wait, and rounds come every `roundMs`. */
    share: (spare: number, roundMs: number): SlotBuffer => ({
      spare,
      queued,
      // What the tenant's slots end in two rounds' time; nothing for a tenant not heard yet.
      endsSoon: (tenant, slots) => {
        const mean = durations.get(tenant)
        return mean === undefined ? 0 : Math.floor((slots * 2 * roundMs) / Math.max(1, mean))
      }
    })
  }
}
