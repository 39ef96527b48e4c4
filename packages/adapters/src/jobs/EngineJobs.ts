import type { JobPayload, JobToEnqueue } from "@servicekit/core/internal"

/** The field of an engine job's data that names the tenant whose turn it takes. */
const TENANT = "$tenant"

/** A payload as the engine carries it, with its tenant; the platform's own jobs carry none. */
export const withTenant = (payload: JobPayload, tenant: string | undefined): JobPayload =>
  tenant === undefined || tenant === "" ? payload : { ...payload, [TENANT]: tenant }

/** An engine job's payload and tenant ("" for the platform's own jobs and those of earlier versions). */
export const tenantOf = (data: JobPayload): { readonly payload: JobPayload; readonly tenant: string } => {
  if (!(TENANT in data)) return { payload: data, tenant: "" }
  const { [TENANT]: tenant, ...payload } = data
  return { payload, tenant: typeof tenant === "string" ? tenant : "" }
}

/** The jobs without those whose key an earlier job of the list holds: the first of a key wins, as with one enqueue after another. */
export const firstPerKey = (jobs: ReadonlyArray<JobToEnqueue>): ReadonlyArray<JobToEnqueue> => {
  const keys = new Set<string>()
  return jobs.filter((job) => {
    const key = job.options?.key
    if (key === undefined) return true
    if (keys.has(key)) return false
    keys.add(key)
    return true
  })
}
