import { MAX_DATA_BYTES, hostAllowed } from "@servicekit/core/internal"
import type { Browser as PlaywrightBrowser, Page } from "playwright-core"
import type { CommandResult, NodeSettings } from "./DeviceApi.js"
import { CommandFailed, succeeded, withData } from "./Outcome.js"
import { findProgram } from "./Programs.js"

export const DEFAULT_CHROMIUM = "/usr/bin/chromium"

/** Flags for a browser nobody watches, on a machine whose network may be closed. */
const CHROMIUM_FLAGS = [
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run"
]

/** Whether playwright-core and the browser are both here; otherwise what to install. */
export const browserMissing = async (executablePath: string): Promise<string | undefined> => {
  if (
    !(await import("playwright-core").then(
      () => true,
      () => false
    ))
  ) {
    return "playwright-core next to the companion (npm install playwright-core)"
  }
  if ((await findProgram(executablePath)) === undefined) {
    return `Chromium at ${executablePath} (apt-get install chromium, or pass --chromium PATH)`
  }
  return undefined
}

const allowedUrl = (url: string, settings: NodeSettings) => {
  if (!URL.canParse(url)) return false
  const parsed = new URL(url)
  return (
    (parsed.protocol === "http:" || parsed.protocol === "https:") && hostAllowed(parsed.hostname, settings.allowedHosts)
  )
}

/**
 * browser.*: one headless Chromium page, opened on the first command and kept between commands
 * (so navigate, then click, type and read the same page). Every navigation, the page's own
 * included, is held to the node's host allowlist; the other commands act only on an allowed page.
 */
export const makeBrowser = (executablePath: string, settings: () => NodeSettings) => {
  let browser: PlaywrightBrowser | undefined
  let opened: Promise<Page> | undefined

  const open = async () => {
    const { chromium } = await import("playwright-core")
    const isRoot = typeof process.getuid === "function" && process.getuid() === 0
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [...CHROMIUM_FLAGS, ...(isRoot ? ["--no-sandbox"] : [])]
    })
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    await page.route("**/*", (route) => {
      const request = route.request()
      return request.isNavigationRequest() && !allowedUrl(request.url(), settings())
        ? route.abort("blockedbyclient")
        : route.continue()
    })
    return page
  }

  const page = () => (opened ??= open().catch((error) => ((opened = undefined), Promise.reject(error))))

  /** The page, which must be open on an allowed host. */
  const current = async () => {
    const found = await page()
    if (found.url() === "about:blank") throw new CommandFailed("no_page", "Open a page first with browser.navigate.")
    if (!allowedUrl(found.url(), settings())) {
      throw new CommandFailed("host_not_allowed", `The page ${found.url()} is not on this node's allowedHosts.`)
    }
    return found
  }

  const where = async (found: Page) => JSON.stringify({ url: found.url(), title: await found.title() })

  const run = async (skill: string, params: Record<string, unknown>, timeout: number): Promise<CommandResult> => {
    if (!settings().allowBrowser) throw new CommandFailed("not_allowed", "This node does not allow browser commands.")
    switch (skill) {
      case "browser.navigate": {
        const url = String(params.url)
        if (!allowedUrl(url, settings())) {
          throw new CommandFailed("host_not_allowed", `${url} is not on this node's allowedHosts.`)
        }
        const found = await page()
        const response = await found.goto(url, { timeout, waitUntil: "load" })
        return succeeded(
          JSON.stringify({ url: found.url(), title: await found.title(), status: response?.status() ?? null })
        )
      }
      case "browser.click": {
        const found = await current()
        await found.click(String(params.selector), { timeout })
        return succeeded(await where(found))
      }
      case "browser.type": {
        const found = await current()
        await found.fill(String(params.selector), String(params.text), { timeout })
        return succeeded(await where(found))
      }
      case "browser.evaluate": {
        const found = await current()
        const value = await found.evaluate(String(params.script))
        return succeeded(JSON.stringify(value ?? null))
      }
      case "browser.content":
        return succeeded(await (await current()).content())
      case "browser.screenshot": {
        const found = await current()
        const png = await found.screenshot({ type: "png", timeout })
        // A busy page can pass the result's cap in PNG; JPEG fits it.
        return png.length <= MAX_DATA_BYTES
          ? withData(png, "image/png", await where(found))
          : withData(await found.screenshot({ type: "jpeg", quality: 70, timeout }), "image/jpeg", await where(found))
      }
      default:
        throw new CommandFailed("unknown_command", `This companion does not know ${skill}.`)
    }
  }

  return {
    run,
    close: async () => {
      opened = undefined
      await browser?.close().catch(() => undefined)
      browser = undefined
    }
  }
}
