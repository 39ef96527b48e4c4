import type { KeyAccess } from "@servicekit/core"
import { expect } from "vitest"
import type { Served } from "./hostileInput.js"

/** A client of `served`'s public API with a key: JSON bodies (a string goes as written). */
export const apiCaller =
  (served: { readonly url: string }) =>
  (credential: () => string) =>
  async (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${served.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${credential()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
    })

/** The JSON of a response that has `status` (its body in the failure message otherwise). */
export const expectJson = async (response: Response, status = 200) => {
  expect(response.status, await response.clone().text()).toBe(status)
  return response.json()
}

type Entitlements = Parameters<Served["kit"]["admin"]["createTenant"]>[0]["entitlements"]

/**
 * A tenant named `name` with `entitlements`, its automations:manage key and a chat key (chat:read,
 * chat:write), and another tenant's automations:manage key (entitled to `otherEntitlements`).
 */
export const automationsTenants = async (
  served: Pick<Served, "kit">,
  name: string,
  entitlements: Entitlements,
  otherEntitlements: Entitlements = ["automations"]
) => {
  const keyOf = async (tenantId: string, access: KeyAccess) =>
    (await served.kit.admin.createKey({ tenantId, environment: "live", ...access })).key
  const tenant = await served.kit.admin.createTenant({ name, entitlements })
  const other = await served.kit.admin.createTenant({ name: "Other", entitlements: otherEntitlements })
  return {
    tenantId: tenant.id,
    key: await keyOf(tenant.id, { product: "automations", scopes: ["automations:manage"] }),
    chatKey: await keyOf(tenant.id, { product: "chat", scopes: ["chat:read", "chat:write"] }),
    otherKey: await keyOf(other.id, { product: "automations", scopes: ["automations:manage"] })
  }
}

/** Polls `check` until it answers something, or fails naming `what`. */
export const until = async <A>(what: string, check: () => Promise<A | undefined>, timeoutMs = 30_000): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await check()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const FINAL = ["succeeded", "failed", "waiting_approval", "cancelled", "expired"]

/** What automation tests do over the API with an automations:manage key: workflows, runs, waiting for runs. */
export const automationsClient = (served: { readonly url: string }, credential: () => string) => {
  const api = apiCaller(served)(credential)
  /** A manual workflow of these steps (`extra` may replace the trigger or add fields). */
  const workflow = async (stepsJson: Array<unknown>, extra: Record<string, unknown> = {}) =>
    expectJson(
      await api("POST", "/automations/workflows", {
        name: `Workflow ${Math.random()}`,
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson,
        ...extra
      })
    )
  /** The run once its status is one of `statuses`. */
  const settled = async (id: string, statuses = FINAL) => {
    const deadline = Date.now() + 20_000
    for (;;) {
      const run = await expectJson(await api("GET", `/automations/runs/${id}`))
      if (statuses.includes(run.status)) return run
      if (Date.now() > deadline) throw new Error(`run ${id} is still ${run.status}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  /** Runs a workflow with `body` and answers the run once it settled. */
  const run = async (workflowId: string, body: Record<string, unknown> = {}) =>
    settled((await expectJson(await api("POST", `/automations/workflows/${workflowId}/run`, body))).id)
  return { api, workflow, settled, run }
}
