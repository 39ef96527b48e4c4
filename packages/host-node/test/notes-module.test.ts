import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ServiceKit } from "@servicekit/core"
import { layerMemory } from "@servicekit/core/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type NodeServiceKit, createServiceKit } from "../src/Runtime.js"
import { type RunningServer, listen } from "../src/Server.js"
import { apiCaller, automationsClient, expectJson } from "./automationsClient.js"
import { notes } from "./fixtures/notes/index.js"
import { expectRefusal } from "./hostileInput.js"
import { receiver, until } from "./webhookReceiver.js"

const ADMIN_TOKEN = "a-platform-admin-token-of-at-least-32-chars"

/** The common error body, with its request id the response's. */
const expectErrorBody = async (response: Response, status: number, type: string, code: string) => {
  expect(response.status).toBe(status)
  const body = await response.json()
  expect(Object.keys(body)).toEqual(["error"])
  expect(body.error).toMatchObject({ type, code, message: expect.any(String), requestId: response.headers.get("x-request-id") })
  return body.error as { message: string; details?: Array<{ field: string; reason: string }> }
}

/** The platform admin API of the server at `url`. */
const adminOf = (url: string) => (method: string, path: string, body?: unknown) =>
  fetch(`${url}/api/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body)
  })

describe("a product module a kit adds: notes, on PGlite over HTTP", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-notes-"))
  const served = { url: "" }
  let kit: NodeServiceKit<readonly [typeof notes]>
  let server: RunningServer
  const admin = (method: string, path: string, body?: unknown) => adminOf(served.url)(method, path, body)
  const api = apiCaller(served)

  beforeAll(async () => {
    kit = createServiceKit({
      dataDir,
      databaseUrl: "",
      redisUrl: "",
      adminToken: ADMIN_TOKEN,
      // The webhook receiver below listens on loopback, over http.
      outboundAllowPrivate: true,
      modules: [notes]
    })
    await kit.startWorkers()
    server = await listen(kit, { port: 0 })
    served.url = server.url
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await kit?.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** A tenant with `entitlements` and a live key of `product` with `scopes`, made through the admin API. */
  const tenantWithKey = async (entitlements: ReadonlyArray<string>, product: string, scopes: ReadonlyArray<string>) => {
    const tenant = await expectJson(await admin("POST", "/tenants", { name: "Notes tenant", entitlements }))
    expect(tenant.entitlements).toEqual(entitlements)
    const created = await expectJson(
      await admin("POST", `/tenants/${tenant.id}/api-keys`, { product, environment: "live", scopes })
    )
    return { tenantId: tenant.id as string, key: created.key as string }
  }

  it("issues a key for notes to a tenant entitled to it, whose routes write, list with pages and read notes", async () => {
    const { key } = await tenantWithKey(["notes"], "notes", ["notes:read", "notes:write"])
    expect(key).toMatch(/^svk_live_notes_[a-z0-9]{8}_[A-Za-z0-9]{32}$/)
    const call = api(() => key)
    const written = []
    for (const title of ["first", "second", "third"]) {
      written.push(await expectJson(await call("POST", "/notes", { title, body: `the ${title} note` })))
    }
    expect(written[0]).toMatchObject({ title: "first", body: "the first note", id: expect.any(String) })
    expect(await expectJson(await call("GET", `/notes/${written[1].id}`))).toEqual(written[1])

    const first = await expectJson(await call("GET", "/notes?limit=2"))
    expect(first.data.map((note: { title: string }) => note.title)).toEqual(["third", "second"])
    expect(first.meta).toEqual({ limit: 2, nextCursor: written[1].id })
    const second = await expectJson(await call("GET", `/notes?limit=2&cursor=${first.meta.nextCursor}`))
    expect(second).toEqual({ data: [written[0]], meta: { limit: 2, nextCursor: null } })
  })

  it("refuses bad input with 400 and the common body, storing nothing", async () => {
    const { key } = await tenantWithKey(["notes"], "notes", ["notes:read", "notes:write"])
    const call = api(() => key)
    const empty = await expectErrorBody(await call("POST", "/notes", { title: "" }), 400, "invalid_request", "validation_failed")
    expect(empty.details).toEqual([{ field: "title", reason: "must be 1 to 200 characters" }])
    const missing = await expectErrorBody(await call("POST", "/notes", { body: "no title" }), 400, "invalid_request", "validation_failed")
    expect(missing.details?.map((detail) => detail.field)).toEqual(["title"])
    await expectErrorBody(await call("GET", "/notes?limit=0"), 400, "invalid_request", "validation_failed")
    const cursor = await expectErrorBody(
      await call("GET", `/notes?cursor=${globalThis.crypto.randomUUID()}`),
      400,
      "invalid_request",
      "validation_failed"
    )
    expect(cursor.details).toEqual([{ field: "cursor", reason: "unknown cursor" }])
    await expectErrorBody(await call("GET", "/notes/not-a-uuid"), 400, "invalid_request", "validation_failed")
    await expectErrorBody(await call("GET", `/notes/${globalThis.crypto.randomUUID()}`), 404, "not_found", "note_not_found")
    expect((await expectJson(await call("GET", "/notes"))).data).toEqual([])
  })

  it("answers 403 to a key of another product, to a key without the scope, and to a tenant no longer entitled", async () => {
    const reader = await tenantWithKey(["notes", "automations"], "notes", ["notes:read"])
    await expectRefusal(await api(() => reader.key)("POST", "/notes", { title: "no" }), 403, "missing_scope")
    await expectJson(await api(() => reader.key)("GET", "/notes"))
    // The same tenant's automations key opens automations, not notes; a notes key the reverse.
    const automationsKey = (
      await kit.admin.createKey({
        tenantId: reader.tenantId,
        product: "automations",
        environment: "live",
        scopes: ["automations:manage"]
      })
    ).key
    const wrong = await expectErrorBody(await api(() => automationsKey)("GET", "/notes"), 403, "permission", "wrong_product")
    expect(wrong.message).toContain("this endpoint needs a notes key")
    await expectRefusal(await api(() => reader.key)("GET", "/automations/workflows"), 403, "wrong_product")

    await kit.admin.updateTenant(reader.tenantId, { entitlements: ["automations"] })
    await expectRefusal(await api(() => reader.key)("GET", "/notes"), 403, "product_not_entitled")
  })

  it("runs a workflow's notes.add step to succeeded and stores the note; refuses the skill to a tenant not entitled", async () => {
    const tenant = await kit.admin.createTenant({ name: "Notes by runs", entitlements: ["automations", "notes"] })
    const keyOf = async (access: Parameters<typeof kit.admin.createKey>[0]) => (await kit.admin.createKey(access)).key
    const automationsKey = await keyOf({
      tenantId: tenant.id,
      product: "automations",
      environment: "live",
      scopes: ["automations:manage"]
    })
    const notesKey = await keyOf({ tenantId: tenant.id, product: "notes", environment: "test", scopes: ["notes:read"] })
    const automations = automationsClient(served, () => automationsKey)
    const workflow = await automations.workflow([
      { type: "skill", skillId: "notes.add", input: { title: "Call {{payload.name}} back", body: "from a run" } }
    ])
    const run = await automations.run(workflow.id, { payload: { name: "Ada" } })
    expect(run.status).toBe("succeeded")
    const stored = await expectJson(await api(() => notesKey)("GET", "/notes"))
    expect(stored.data).toMatchObject([{ title: "Call Ada back", body: "from a run" }])
    expect(run.stepsResultJson[0]).toMatchObject({ status: "succeeded", output: { id: stored.data[0].id, title: "Call Ada back" } })

    const withoutNotes = await kit.admin.createTenant({ name: "No notes", entitlements: ["automations"] })
    const otherKey = await keyOf({
      tenantId: withoutNotes.id,
      product: "automations",
      environment: "live",
      scopes: ["automations:manage"]
    })
    const refused = await expectErrorBody(
      await api(() => otherKey)("POST", "/automations/workflows", {
        name: "Not entitled",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [{ type: "skill", skillId: "notes.add", input: { title: "no" } }]
      }),
      403,
      "permission",
      "product_not_entitled"
    )
    expect(refused.message).toContain("notes")
    expect((await expectJson(await api(() => otherKey)("GET", "/automations/workflows"))).data).toEqual([])
  })

  it("sends its own event to the tenant's webhooks, signed, and accepts and documents it beside the other products' events", async () => {
    const hook = receiver()
    await hook.start()
    try {
      const { tenantId, key } = await tenantWithKey(["notes"], "notes", ["notes:write"])
      const owner = (await kit.admin.issueDashboardToken(tenantId, { sub: "owner", role: "admin" })).token
      const subscribe = (events: ReadonlyArray<string>) =>
        fetch(`${served.url}/api/tenants/${tenantId}/webhooks`, {
          method: "POST",
          headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
          body: JSON.stringify({ url: hook.url(), events })
        })
      const refused = await expectErrorBody(await subscribe(["note.deleted"]), 400, "invalid_request", "validation_failed")
      expect(refused.details?.[0]).toMatchObject({ field: "events", reason: expect.stringContaining("note.created") })
      const created = await expectJson(await subscribe(["note.created"]))
      expect(created.events).toEqual(["note.created"])
      hook.setSecret(created.secret)

      const note = await expectJson(await api(() => key)("POST", "/notes", { title: "Call Ada back" }))
      // The example's listener verified the signature before recording the delivery.
      await until("the note's event at the receiver", () => hook.received.length === 1)
      expect(hook.received[0]).toMatchObject({
        event: "note.created",
        payload: { note: { id: note.id, title: "Call Ada back", body: "", createdAt: note.createdAt } }
      })

      const document = await expectJson(await fetch(`${served.url}/api/v1/openapi.json`))
      expect(Object.keys(document.webhooks)).toEqual(expect.arrayContaining(["message.created", "note.created", "webhook.test"]))
      expect(document.components.schemas.WebhookSubscription.properties.events.items.enum).toEqual(
        expect.arrayContaining(["message.created", "visitor.created", "note.created"])
      )
    } finally {
      await hook.stop()
    }
  })

  it("lists the product in its OpenAPI document: the routes, the entitlements and the key scopes", async () => {
    const document = await expectJson(await fetch(`${served.url}/api/v1/openapi.json`))
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/v1/notes", "/v1/notes/{id}"]))
    expect(document.components.schemas.Tenant.properties.entitlements.items.enum).toContain("notes")
    expect(document.components.schemas.ApiKey.properties.product.enum).toContain("notes")
    expect(document.paths["/v1/notes"].post.security).toEqual([{ bearerKey: ["notes:write"] }, { headerKey: ["notes:write"] }])
  })
})

describe("a kit made without the notes module", () => {
  const kit = ServiceKit.make(layerMemory({ settings: { adminToken: ADMIN_TOKEN } }))
  afterAll(() => kit.dispose())
  const admin = (method: string, path: string, body?: unknown) =>
    kit.handler(
      new Request(`http://kit.local/api/admin${path}`, {
        method,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body)
      }),
      { remoteAddress: "127.0.0.1" }
    )

  it("does not know notes: no routes, no enum entry, and a 400 with the common body for the name, changing nothing", async () => {
    const document = await (await kit.handler(new Request("http://kit.local/api/v1/openapi.json"), { remoteAddress: "127.0.0.1" })).json()
    // The notes module's own routes, /v1/notes...: Live Chat's private notes are another product's.
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/v1/notes"))).toEqual([])
    expect(document.components.schemas.Tenant.properties.entitlements.items.enum).not.toContain("notes")
    expect(Object.keys(document.webhooks)).not.toContain("note.created")
    expect(document.components.schemas.WebhookSubscription.properties.events.items.enum).not.toContain("note.created")

    const refused = await expectErrorBody(
      await admin("POST", "/tenants", { name: "Wants notes", entitlements: ["notes"] }),
      400,
      "invalid_request",
      "validation_failed"
    )
    expect(refused.details?.[0]?.reason).toContain("must be an array of products: chat, voice")
    expect((await (await admin("GET", "/tenants")).json()).data).toEqual([])

    const tenant = await (await admin("POST", "/tenants", { name: "Acme", entitlements: ["automations"] })).json()
    const key = await expectErrorBody(
      await admin("POST", `/tenants/${tenant.id}/api-keys`, { product: "notes", environment: "live", scopes: ["notes:read"] }),
      400,
      "invalid_request",
      "validation_failed"
    )
    expect(key.details).toEqual([{ field: "product", reason: "must be one of chat, voice, transactional, automations" }])
    expect((await (await admin("GET", `/tenants/${tenant.id}/api-keys`)).json()).data).toEqual([])
    const createNotesKey = () =>
      // @ts-expect-error: notes is not among this kit's products, for the compiler either
      kit.admin.createKey({ tenantId: tenant.id, environment: "live", product: "notes", scopes: ["notes:read"] })
    await expect(createNotesKey()).rejects.toMatchObject({ _tag: "ValidationFailed" })
  })
})
