import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { ConfigurationError, resolveConfig, settingsOf } from "../src/Config.js"
import { kitOn, memoryKit, serve } from "./hostileInput.js"
import { run } from "./spawn.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-branding-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** A name that would run script, break out of an attribute or a JSON string, were it not escaped. */
const HOSTILE_NAME = `Acme "Care" <script>window.pwned=1</script> & 'Co'`
const LOGO = "https://cdn.acme.example/brand/logo.svg"

describe("a platform's brand, as configured", () => {
  const resolved = (env: Record<string, string>, options: Parameters<typeof resolveConfig>[0] = {}) =>
    resolveConfig(options, { SERVICEKIT_DATA_DIR: join(dataDir, "config"), ...env })

  it("is ServiceKit's own when nothing is set", () => {
    expect(settingsOf(resolved({})).brand).toEqual({ name: "ServiceKit", logoUrl: undefined, accentColor: "#2f5bd3" })
  })

  it("reads SERVICEKIT_BRAND_NAME, _LOGO_URL and _ACCENT, and the brand option replaces them as a whole", () => {
    const env = {
      SERVICEKIT_BRAND_NAME: "  Acme Support  ",
      SERVICEKIT_BRAND_LOGO_URL: LOGO,
      SERVICEKIT_BRAND_ACCENT: "#0B6E4F"
    }
    expect(settingsOf(resolved(env)).brand).toEqual({ name: "Acme Support", logoUrl: LOGO, accentColor: "#0b6e4f" })
    expect(settingsOf(resolved(env, { brand: { name: "Globex" } })).brand).toEqual({
      name: "Globex",
      logoUrl: undefined,
      accentColor: "#2f5bd3"
    })
  })

  it.each([
    [
      { SERVICEKIT_BRAND_ACCENT: "#ffcc00" },
      "Invalid SERVICEKIT_BRAND_ACCENT (option brand.accentColor): #ffcc00 has a contrast of 1.51:1 with white text " +
        "on it and 1.41:1 as text on the pages' light grey (#f6f7f9); text needs at least 4.50:1 (WCAG AA): " +
        "choose a darker colour"
    ],
    [
      { SERVICEKIT_BRAND_ACCENT: "blue" },
      `Invalid SERVICEKIT_BRAND_ACCENT (option brand.accentColor): "blue" is not a colour written #rrggbb`
    ],
    [
      { SERVICEKIT_BRAND_NAME: "x".repeat(10_240) },
      "Invalid SERVICEKIT_BRAND_NAME (option brand.name): it is 10240 characters long, more than 60"
    ],
    [
      { SERVICEKIT_BRAND_NAME: "Acme\u0001" },
      "Invalid SERVICEKIT_BRAND_NAME (option brand.name): it contains a control character"
    ],
    [
      { SERVICEKIT_BRAND_LOGO_URL: "javascript:alert(1)" },
      "Invalid SERVICEKIT_BRAND_LOGO_URL (option brand.logoUrl): it must be an https: address, a data:image/ URL or a " +
        "path on the kit's origin such as /logo.svg"
    ]
  ])("refuses %o at start, saying why", (env, message) => {
    expect(() => resolved(env)).toThrow(ConfigurationError)
    expect(() => resolved(env)).toThrow(message)
  })

  it("holds an option to the variables' rules", () => {
    expect(() => resolved({}, { brand: { name: "Acme", accentColor: "#999999" } })).toThrow(
      /^Invalid SERVICEKIT_BRAND_ACCENT \(option brand.accentColor\): #999999 has a contrast of 2\.84:1/
    )
    expect(() => resolved({}, { brand: { name: "Acme\u0000" } })).toThrow("it contains a control character")
  })

  it("stops `servicekit migrate` with the reason, before anything starts", async () => {
    const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
    const result = await run(process.execPath, [cli, "migrate"], {
      SERVICEKIT_DATA_DIR: join(dataDir, "cli"),
      DATABASE_URL: "",
      REDIS_URL: "",
      SERVICEKIT_BRAND_ACCENT: "#8cb4ff"
    })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      "Invalid SERVICEKIT_BRAND_ACCENT (option brand.accentColor): #8cb4ff has a contrast of"
    )
    expect(result.stderr).toContain("text needs at least 4.50:1")
  })
})

describe("a branded kit's pages", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_BRAND_NAME: HOSTILE_NAME,
      SERVICEKIT_BRAND_LOGO_URL: LOGO,
      SERVICEKIT_BRAND_ACCENT: "#0b6e4f"
    })
  )

  it("name the platform in the console's page, escaped, and allow images from the logo's origin alone", async () => {
    const response = await fetch(`${served.url}/api/console`)
    const policy = response.headers.get("content-security-policy")!
    expect(policy).toContain("img-src 'self' data: https://cdn.acme.example;")
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/)
    const html = await response.text()
    expect(html).toContain(
      "<title>Acme \"Care\" &lt;script&gt;window.pwned=1&lt;/script&gt; &amp; 'Co' console</title>"
    )
    expect(html).not.toContain("<script>window.pwned")
    expect(html).not.toContain("ServiceKit")
    const brand = /data-brand="([^"]*)"/.exec(html)![1]!
    const decoded = brand
      .replaceAll("&quot;", '"')
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&")
    expect(JSON.parse(decoded)).toEqual({ name: HOSTILE_NAME, logoUrl: LOGO })
  })

  it("give the console the brand's colours in a stylesheet of its own origin", async () => {
    const html = await (await fetch(`${served.url}/api/console`)).text()
    expect(html).toContain('<link rel="stylesheet" href="/api/console/brand.css">')
    const sheet = await fetch(`${served.url}/api/console/brand.css`)
    expect(sheet.headers.get("content-type")).toContain("text/css")
    expect(sheet.headers.get("cache-control")).toBe("no-cache")
    expect(await sheet.text()).toBe(":root{--accent:#0b6e4f;--accent-strong:#09583f;--accent-soft:#e7f1ed}\n")
  })

  it("name the platform on the hosted chat page, escaped, in its colours", async () => {
    const page = await fetch(`${served.url}/api/public/chat`)
    expect(page.headers.get("content-security-policy")).toContain("img-src 'self' data: https://cdn.acme.example;")
    const html = await page.text()
    expect(html).toContain(
      "<title>Chat · Acme \"Care\" &lt;script&gt;window.pwned=1&lt;/script&gt; &amp; 'Co'</title>"
    )
    expect(html).toContain(
      `<p class="brand" hidden><img src="${LOGO}" alt="">` +
        `<span>Acme "Care" &lt;script&gt;window.pwned=1&lt;/script&gt; &amp; 'Co'</span></p>`
    )
    expect(html).not.toContain("ServiceKit")
    const css = await (await fetch(`${served.url}/api/public/chat/chat.css`)).text()
    expect(css.startsWith(":root{--accent:#0b6e4f;")).toBe(true)
  })
})

describe("an unbranded kit's pages", () => {
  const served = serve(() => memoryKit())

  it("are ServiceKit's, with images from their own origin and inline only", async () => {
    const console = await fetch(`${served.url}/api/console`)
    expect(console.headers.get("content-security-policy")).toContain("img-src 'self' data:;")
    expect(await console.text()).toContain("<title>ServiceKit console</title>")
    expect(await (await fetch(`${served.url}/api/console/brand.css`)).text()).toBe(
      ":root{--accent:#2f5bd3;--accent-strong:#2649a9;--accent-soft:#eaeffb}\n"
    )
    const chat = await fetch(`${served.url}/api/public/chat`)
    expect(chat.headers.get("content-security-policy")).toContain("img-src 'self' data:;")
    expect(await chat.text()).toContain('<p class="brand" hidden><span>ServiceKit</span></p>')
  })
})
