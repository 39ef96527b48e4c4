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

// The rules an admin sets for the tenant's chat in the console: automatic assignment, the files it takes, and working hours.
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

  it("an admin sets the working hours, sees them after a reload, and is refused closing before opening at the field", async () => {
    const { key, token } = await chatTenant(served, "Hours")
    const admin = await token("lead", "admin")
    const { errors, page } = await openConsole(browser, served.url, admin, "/chat/settings", "Chat settings")
    const hours = page.getByRole("form", { name: "Working hours" })
    const timezone = hours.getByRole("combobox", { name: "Timezone" })
    const aroundTheClock = hours.getByRole("checkbox", { name: "Open around the clock" })
    const awayMessage = hours.getByRole("textbox", { name: "Away message" })
    const minutes = hours.getByRole("spinbutton", { name: "Minutes before replies go by email" })
    const opening = (row: number) => hours.getByRole("group", { name: `Opening hours ${row}` })
    await timezone.waitFor()
    // The defaults: UTC, around the clock, nothing listed, the default away message, 10 minutes.
    expect(await timezone.inputValue()).toBe("UTC")
    expect(await aroundTheClock.isChecked()).toBe(true)
    await hours.getByText("No opening hours yet.").waitFor()
    await hours.getByText("No holidays.").waitFor()
    expect(await awayMessage.inputValue()).toBe("")
    expect(await minutes.inputValue()).toBe("10")

    await timezone.selectOption("Europe/Berlin")
    await aroundTheClock.uncheck()
    // Two rows added (the second takes the next day and the same hours), then the second removed.
    await hours.getByRole("button", { name: "Add opening hours" }).click()
    await opening(1).getByLabel("Opens").fill("08:30")
    await opening(1).getByLabel("Closes").fill("00:00")
    await hours.getByRole("button", { name: "Add opening hours" }).click()
    expect(await opening(2).getByLabel("Day").inputValue()).toBe("tuesday")
    expect(await opening(2).getByLabel("Opens").inputValue()).toBe("08:30")
    await opening(2).getByRole("button", { name: "Remove opening hours 2" }).click()
    expect(await opening(2).count()).toBe(0)
    await hours.getByRole("button", { name: "Add a holiday" }).click()
    await hours.getByLabel("Holiday 1").fill("2026-12-25")
    await awayMessage.fill("Back at 8:30 <b>sharp</b>")
    await minutes.fill("15")
    expect(await seriousViolations(page)).toEqual([])
    await hours.getByRole("button", { name: "Save working hours" }).click()
    const saved = hours.getByText("Saved: the widget follows these hours from now on.")
    await saved.waitFor()
    // Closing at 00:00 is midnight, the end of Monday.
    const stored = {
      timezone: "Europe/Berlin",
      alwaysOpen: false,
      weekly: [{ day: "monday", opens: "08:30", closes: "24:00" }],
      holidays: ["2026-12-25"],
      awayMessage: "Back at 8:30 <b>sharp</b>",
      emailAfterMinutes: 15
    }
    expect(await json(call(key, "GET", "/v1/chat/working-hours"))).toMatchObject(stored)

    await page.reload()
    await timezone.waitFor()
    expect(await timezone.inputValue()).toBe("Europe/Berlin")
    expect(await aroundTheClock.isChecked()).toBe(false)
    expect(await opening(1).getByLabel("Day").inputValue()).toBe("monday")
    expect(await opening(1).getByLabel("Opens").inputValue()).toBe("08:30")
    expect(await opening(1).getByLabel("Closes").inputValue()).toBe("00:00")
    expect(await hours.getByLabel("Holiday 1").inputValue()).toBe("2026-12-25")
    expect(await awayMessage.inputValue()).toBe("Back at 8:30 <b>sharp</b>")
    expect(await minutes.inputValue()).toBe("15")

    // Closing before opening reaches the API, whose refusal is said at the field; nothing changes.
    const closes = opening(1).getByLabel("Closes")
    await closes.fill("07:00")
    await hours.getByRole("checkbox", { name: "Open around the clock" }).check()
    await hours.getByRole("button", { name: "Save working hours" }).click()
    await expect
      .poll(() => page.locator("#working-hours-weekly-0-closes-error").textContent())
      .toBe("It must be later than opens (split hours past midnight over two days).")
    expect(await closes.getAttribute("aria-invalid")).toBe("true")
    expect(await closes.getAttribute("aria-describedby")).toBe("working-hours-weekly-0-closes-error")
    expect(await saved.count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    expect(await json(call(key, "GET", "/v1/chat/working-hours"))).toMatchObject(stored)
    expect(errors).toEqual([])
    await page.close()
  })

  it("shows a member the rules, to one decimal of a MB, with every control disabled and no Save", async () => {
    const { key, tenantId, token } = await chatTenant(served, "Settings read")
    const admin = await token("lead", "admin")
    await json(call(admin, "PATCH", `/tenants/${tenantId}/chat/assignment`, { mode: "auto", capacity: 4 }))
    await json(call(admin, "PATCH", `/tenants/${tenantId}/chat/file-rules`, { maxFileBytes: 1572864, kinds: ["pdf", "video"] }))
    await json(
      call(admin, "PATCH", "/v1/chat/working-hours", {
        timezone: "America/New_York",
        alwaysOpen: false,
        weekly: [{ day: "friday", opens: "10:00", closes: "16:00" }],
        holidays: ["2026-07-04"]
      })
    )
    const member = await token("agent-bo")
    const { errors, page } = await openConsole(browser, served.url, member, "/chat/settings", "Chat settings")
    await page.getByText("An admin of your account changes how conversations are assigned.").waitFor()
    await page.getByText("An admin of your account changes which files the chat takes.").waitFor()
    await page.getByText("An admin of your account changes the working hours.").waitFor()

    const automatic = page.getByRole("radio", { name: "Automatic (round robin among online agents)" })
    expect(await automatic.isChecked()).toBe(true)
    const capacity = page.getByRole("spinbutton", { name: "Conversations per agent" })
    expect(await capacity.inputValue()).toBe("4")
    const size = page.getByRole("spinbutton", { name: "Largest file (MB)" })
    expect(await size.inputValue()).toBe("1.5")
    const timezone = page.getByRole("combobox", { name: "Timezone" })
    expect(await timezone.inputValue()).toBe("America/New_York")
    const friday = page.getByRole("group", { name: "Opening hours 1" })
    expect(await friday.getByLabel("Day").inputValue()).toBe("friday")
    expect(await friday.getByLabel("Closes").inputValue()).toBe("16:00")
    expect(await page.getByLabel("Holiday 1").inputValue()).toBe("2026-07-04")
    expect(await page.getByRole("button", { name: /^(Add|Remove)/ }).count()).toBe(0)
    const hoursControls = [timezone, friday.getByLabel("Day"), friday.getByLabel("Opens"), page.getByLabel("Holiday 1")]
    for (const control of [automatic, page.getByRole("radio", { name: "Manual" }), capacity, size, ...hoursControls]) {
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
    expect((await call(member, "PATCH", "/v1/chat/working-hours", { alwaysOpen: true })).status).toBe(403)
    expect((await json(call(key, "GET", "/v1/chat/working-hours"))).alwaysOpen).toBe(false)
    expect(errors).toEqual([])
    await page.close()
  })
})
