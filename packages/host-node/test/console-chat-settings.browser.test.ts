import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { launchChromium, openConsole, seriousViolations } from "./consoleBrowser.js"
import { memoryKit, serve } from "./hostileInput.js"

const KIND_LABELS = {
  images: "Images (PNG, JPEG, GIF, WebP)",
  pdf: "PDF",
  text: "Text",
  documents: "Documents (Office, OpenDocument, RTF)",
  archives: "Archives (zip, gzip, 7z, tar)",
  audio: "Audio",
  video: "Video"
} as const

// The rules an admin sets for the tenant's chat in the console: automatic assignment and the files it takes.
describe("the console's chat settings in Chromium", () => {
  const served = serve(() => memoryKit())
  const { call, json } = chatCalls(served)
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(() => browser?.close())

  it("an admin turns on automatic assignment, is refused a capacity of 0 at the field, and narrows the files", async () => {
    const { key, token } = await chatTenant(served, "Settings")
    const admin = await token("lead", "admin")
    const { errors, page } = await openConsole(browser, served.url, admin, "/chat/settings", "Chat settings")
    expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe("Chat settings")
    const manual = page.getByRole("radio", { name: "Manual" })
    const automatic = page.getByRole("radio", { name: "Automatic (round robin among online agents)" })
    const capacity = page.getByRole("spinbutton", { name: "Conversations per agent" })
    await capacity.waitFor()
    expect(await manual.isChecked()).toBe(true)
    expect(await capacity.inputValue()).toBe("3")
    expect(await page.getByRole("group", { name: "How conversations are assigned" }).count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])

    await automatic.check()
    await capacity.fill("2")
    await page.getByRole("button", { name: "Save assignment" }).click()
    const assignmentSaved = page.getByText("Saved: new and waiting conversations follow these rules.")
    await assignmentSaved.waitFor()
    expect(await json(call(key, "GET", "/v1/chat/assignment"))).toEqual({ mode: "auto", capacity: 2 })

    // 0 reaches the API, whose refusal is said at the field; nothing changes.
    await capacity.fill("0")
    await page.getByRole("button", { name: "Save assignment" }).click()
    const capacityError = page.locator("#assignment-capacity-error")
    await expect.poll(() => capacityError.textContent()).toBe("It must be a whole number from 1 to 100.")
    expect(await capacity.getAttribute("aria-invalid")).toBe("true")
    expect(await capacity.getAttribute("aria-describedby")).toBe("assignment-capacity-error")
    expect(await assignmentSaved.count()).toBe(0)
    expect(await automatic.isChecked()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    expect(await json(call(key, "GET", "/v1/chat/assignment"))).toEqual({ mode: "auto", capacity: 2 })

    // The files: 10 MB and the default kinds at first; 5 MB without archives once saved.
    const size = page.getByRole("spinbutton", { name: "Largest file (MB)" })
    expect(await size.inputValue()).toBe("10")
    const ticked = async () => {
      const kinds: Array<string> = []
      for (const [kind, label] of Object.entries(KIND_LABELS)) {
        if (await page.getByRole("checkbox", { name: label, exact: true }).isChecked()) kinds.push(kind)
      }
      return kinds
    }
    expect(await ticked()).toEqual(["images", "pdf", "text", "documents", "archives"])
    await size.fill("5")
    await page.getByRole("checkbox", { name: KIND_LABELS.archives }).uncheck()
    await page.getByRole("button", { name: "Save file rules" }).click()
    await page.getByText("Saved: files sent from now on follow these rules.").waitFor()
    expect(await json(call(key, "GET", "/v1/chat/file-rules"))).toEqual({
      maxFileBytes: 5242880,
      kinds: ["images", "pdf", "text", "documents"]
    })
    expect(await ticked()).toEqual(["images", "pdf", "text", "documents"])

    // Past the largest size any account may allow: refused at the size field, the rules as they were.
    await size.fill("30")
    await page.getByRole("button", { name: "Save file rules" }).click()
    await expect
      .poll(() => page.locator("#file-rules-maxFileBytes-error").textContent())
      .toBe("It must be a whole number of bytes from 1024 to 26214400. 1 MB is 1,048,576 bytes.")
    expect(await size.getAttribute("aria-invalid")).toBe("true")
    expect(await seriousViolations(page)).toEqual([])
    expect(await json(call(key, "GET", "/v1/chat/file-rules"))).toEqual({
      maxFileBytes: 5242880,
      kinds: ["images", "pdf", "text", "documents"]
    })
    expect(errors).toEqual([])
    await page.close()
  })

  it("shows a member the rules, to one decimal of a MB, with every control disabled and no Save", async () => {
    const { key, tenantId, token } = await chatTenant(served, "Settings read")
    const admin = await token("lead", "admin")
    await json(call(admin, "PATCH", `/tenants/${tenantId}/chat/assignment`, { mode: "auto", capacity: 4 }))
    await json(call(admin, "PATCH", `/tenants/${tenantId}/chat/file-rules`, { maxFileBytes: 1572864, kinds: ["pdf", "video"] }))
    const member = await token("agent-bo")
    const { errors, page } = await openConsole(browser, served.url, member, "/chat/settings", "Chat settings")
    await page.getByText("An admin of your account changes how conversations are assigned.").waitFor()
    await page.getByText("An admin of your account changes which files the chat takes.").waitFor()

    const automatic = page.getByRole("radio", { name: "Automatic (round robin among online agents)" })
    expect(await automatic.isChecked()).toBe(true)
    const capacity = page.getByRole("spinbutton", { name: "Conversations per agent" })
    expect(await capacity.inputValue()).toBe("4")
    const size = page.getByRole("spinbutton", { name: "Largest file (MB)" })
    expect(await size.inputValue()).toBe("1.5")
    for (const control of [automatic, page.getByRole("radio", { name: "Manual" }), capacity, size]) {
      expect(await control.isDisabled()).toBe(true)
    }
    for (const [kind, label] of Object.entries(KIND_LABELS)) {
      const box = page.getByRole("checkbox", { name: label, exact: true })
      expect(await box.isChecked()).toBe(kind === "pdf" || kind === "video")
      expect(await box.isDisabled()).toBe(true)
    }
    expect(await page.getByRole("button", { name: /^Save/ }).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    // The API refuses members too: the page hides nothing the API would let them do.
    expect((await call(member, "PATCH", `/tenants/${tenantId}/chat/assignment`, { mode: "manual" })).status).toBe(403)
    expect(await json(call(key, "GET", "/v1/chat/assignment"))).toEqual({ mode: "auto", capacity: 4 })
    expect(errors).toEqual([])
    await page.close()
  })
})
