import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { PNG } from "./fileFixtures.js"
import { expectRefusal, kitOn, memoryKit, serve, type Serving } from "./hostileInput.js"

const adminToken = "platform-admin-token-of-at-least-32-chars"
const scratch = mkdtempSync(join(tmpdir(), "servicekit-export-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** The archive unpacked by the system's own `tar`: what a platform without ServiceKit reads it with. */
const unpack = (archive: Uint8Array) => {
  const folder = mkdtempSync(join(scratch, "unpacked-"))
  const file = join(folder, "archive.tar.gz")
  writeFileSync(file, archive)
  execFileSync("tar", ["-xzf", file, "-C", folder])
  rmSync(file)
  const [root, ...more] = readdirSync(folder)
  expect(more).toEqual([])
  return join(folder, root!)
}

/** Every file under `folder`, as paths relative to it. */
const filesUnder = (folder: string, prefix = ""): Array<string> =>
  readdirSync(join(folder, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(folder, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`]
  )

/** Rows by kind, read back from the parts' JSON lines. */
const recordsOf = (root: string) => {
  const records: Record<string, Array<Record<string, unknown>>> = {}
  for (const path of filesUnder(root).filter((name) => name.startsWith("records/")).sort()) {
    const kind = path.split("/")[1]!
    const lines = readFileSync(join(root, path), "utf8").trimEnd().split("\n")
    records[kind] = [...(records[kind] ?? []), ...lines.map((line) => JSON.parse(line))]
  }
  return records
}

const exportSuite = (storage: string, makeKit: () => Serving) =>
  describe(`exporting a tenant (${storage})`, () => {
    const served = serve(makeKit)
    const { call, json } = chatCalls(served)
    const admin = (path: string, token = adminToken) =>
      fetch(`${served.url}/api/admin${path}`, { headers: { authorization: `Bearer ${token}` } })

    /** A chat tenant with a visitor's conversation: a message with a phrase of its own, and an image. */
    const chatting = async (name: string) => {
      const { key, tenantId } = await chatTenant(served, name)
      const phrase = `unique-${crypto.randomUUID()}`
      const session = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "ada", displayName: "Ada" }))
      const image = await json(
        fetch(`${served.url}/api/public/chat/files?name=photo.png`, {
          method: "POST",
          headers: { authorization: `Bearer ${session.visitorToken}`, "content-type": "image/png" },
          body: new Uint8Array(PNG)
        })
      )
      await json(call(session.visitorToken, "POST", "/public/chat/messages", { content: phrase, fileIds: [image.id] }))
      return { tenantId, phrase, conversationId: session.conversationId as string }
    }

    it("streams every row and file of the tenant as a tar.gz the system's tar unpacks, and nothing of another tenant", async () => {
      const [exported, other] = [await chatting("Exported"), await chatting("Other")]
      const answer = await admin(`/tenants/${exported.tenantId}/export`)
      expect(answer.status).toBe(200)
      expect(answer.headers.get("content-type")).toBe("application/gzip")
      expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="tenant-${exported.tenantId}.tar.gz"`)
      const root = unpack(new Uint8Array(await answer.arrayBuffer()))
      expect(root.endsWith(`servicekit-tenant-${exported.tenantId}`)).toBe(true)

      const manifest = JSON.parse(readFileSync(join(root, "manifest.json"), "utf8"))
      expect(manifest).toMatchObject({ format: "servicekit-tenant-export", version: 1, tenant: { id: exported.tenantId, name: "Exported" } })
      expect(readFileSync(join(root, "README.txt"), "utf8")).toContain("complete.json")

      const records = recordsOf(root)
      const complete = JSON.parse(readFileSync(join(root, "complete.json"), "utf8"))
      expect(complete.records).toEqual(Object.fromEntries(Object.entries(records).map(([kind, rows]) => [kind, rows.length])))
      expect(records.conversations!.map((row) => row.id)).toEqual([exported.conversationId])
      expect(records.chat_messages!.filter((row) => JSON.stringify(row).includes(exported.phrase))).toHaveLength(1)
      expect(records.api_keys).toHaveLength(1)

      // The image's bytes, whole, under the tenant's files.
      const files = filesUnder(join(root, "files"))
      expect(complete).toMatchObject({ files: 1, fileBytes: PNG.byteLength })
      expect(files).toHaveLength(1)
      expect(readFileSync(join(root, "files", files[0]!)).equals(PNG)).toBe(true)

      // Not a byte of the other tenant: its id, its phrase.
      const everything = filesUnder(root).map((path) => readFileSync(join(root, path)).toString("latin1")).join("\n")
      expect(everything).not.toContain(other.tenantId)
      expect(everything).not.toContain(other.phrase)
      expect(everything).toContain(exported.phrase)
    })

    it("gives the same archive from code (kit.admin.exportTenant), and refuses an unknown tenant before any byte", async () => {
      const exported = await chatting("From code")
      const stream = await served.kit.admin.exportTenant(exported.tenantId)
      const root = unpack(new Uint8Array(await new Response(stream).arrayBuffer()))
      expect(Object.keys(recordsOf(root))).toEqual(expect.arrayContaining(["conversations", "chat_messages", "chat_files", "visitors"]))
      expect(existsSync(join(root, "complete.json"))).toBe(true)
      await expect(served.kit.admin.exportTenant(crypto.randomUUID())).rejects.toMatchObject({ _tag: "TenantNotFound" })

      await expectRefusal(await admin(`/tenants/${crypto.randomUUID()}/export`), 404, "tenant_not_found")
      await expectRefusal(await admin(`/tenants/not-a-tenant/export`), 400, "validation_failed")
      await expectRefusal(await admin(`/tenants/${exported.tenantId}/export`, `${adminToken}x`), 401, "invalid_admin_token")
    })

    it("lets a client leave in the middle of an archive, and serves the next whole", async () => {
      const exported = await chatting("Left")
      for (let i = 0; i < 3; i++) {
        const leaving = new AbortController()
        const answer = await fetch(`${served.url}/api/admin/tenants/${exported.tenantId}/export`, {
          headers: { authorization: `Bearer ${adminToken}` },
          signal: leaving.signal
        })
        await answer.body!.getReader().read()
        leaving.abort()
      }
      const root = unpack(new Uint8Array(await (await admin(`/tenants/${exported.tenantId}/export`)).arrayBuffer()))
      expect(JSON.parse(readFileSync(join(root, "complete.json"), "utf8")).files).toBe(1)
    })
  })

exportSuite("embedded database and data folder", () =>
  kitOn({ SERVICEKIT_ADMIN_TOKEN: adminToken, SERVICEKIT_DATA_DIR: join(scratch, "data") })
)
exportSuite("memory", () => memoryKit({ settings: { adminToken } }))
