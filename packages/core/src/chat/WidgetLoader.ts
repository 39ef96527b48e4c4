/**
 * The script a tenant puts on its website: `<script src=".../public/chat/widget.js"
 * data-site-key="svw_..." async>`. It draws a launcher button and frames the chat panel
 * (`/public/chat/widget?siteKey=...`, on the kit's origin) beside it, and does nothing else: it
 * fetches nothing, sets no cookie and adds no markup but its two elements, styled through the
 * CSSOM, so a page whose Content-Security-Policy allows only this script's and frame's origin runs
 * it. It keeps the panel's visitor token in the site's own localStorage (a framed page's storage is
 * refused by browsers that block third-party storage) and hands it to the panel when asked, with
 * the signed-in visitor its tag names (`data-external-id` and the tenant server's
 * `data-identity-hash`), each visitor under a key of their own; only messages of the frame's own
 * window on the kit's origin are heard. The launcher shows once the panel has loaded the tenant's
 * appearance: in its accent, in the corner the tenant chose.
 */

import type { Brand } from "../platform/Branding.js"

/** The loader, with the brand's accent on the launcher until the tenant's is known. */
export const widgetLoaderScript = (brand: Brand) => `"use strict"
;(() => {
  const script = document.currentScript
  const siteKey = script && script.getAttribute("data-site-key")
  if (!siteKey || !/^svw_[0-9A-Za-z]{24}$/.test(siteKey) || window.__servicekitChat) return
  window.__servicekitChat = true
  const base = script.src.replace(/\\/widget\\.js(?:[?#].*)?$/, "")
  const origin = new URL(base).origin
  const layer = "2147483000"
  const frame = document.createElement("iframe")
  frame.src = base + "/widget?siteKey=" + encodeURIComponent(siteKey)
  frame.title = "Chat"
  Object.assign(frame.style, {
    position: "fixed", right: "20px", bottom: "92px", width: "min(370px, calc(100vw - 40px))",
    height: "min(560px, calc(100vh - 112px))", border: "0", borderRadius: "12px", background: "#fff",
    boxShadow: "0 8px 32px rgba(16, 24, 40, .24)", zIndex: layer, display: "none", colorScheme: "light"
  })
  const button = document.createElement("button")
  button.type = "button"
  button.setAttribute("aria-label", "Open chat")
  button.setAttribute("aria-expanded", "false")
  Object.assign(button.style, {
    position: "fixed", right: "20px", bottom: "20px", width: "56px", height: "56px", padding: "0",
    border: "0", borderRadius: "50%", background: ${JSON.stringify(brand.accentColor)}, color: "#fff",
    cursor: "pointer", boxShadow: "0 4px 16px rgba(16, 24, 40, .3)", zIndex: layer,
    display: "none", alignItems: "center", justifyContent: "center"
  })
  // The tenant's look, as the panel read it: the accent checked again, the side one of two.
  const place = (look) => {
    if (look && /^#[0-9a-fA-F]{6}$/.test(look.accentColor)) button.style.background = look.accentColor
    if (look && look.launcherPosition === "left") {
      for (const element of [frame, button]) { element.style.right = "auto"; element.style.left = "20px" }
    }
    button.style.display = "flex"
  }
  const svg = "http://www.w3.org/2000/svg"
  const icon = document.createElementNS(svg, "svg")
  icon.setAttribute("viewBox", "0 0 24 24")
  icon.setAttribute("width", "28")
  icon.setAttribute("height", "28")
  icon.setAttribute("aria-hidden", "true")
  const path = document.createElementNS(svg, "path")
  path.setAttribute("fill", "currentColor")
  const CHAT = "M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2z"
  const CLOSE = "M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z"
  path.setAttribute("d", CHAT)
  icon.append(path)
  button.append(icon)
  const toggle = (open) => {
    frame.style.display = open ? "block" : "none"
    button.setAttribute("aria-expanded", String(open))
    button.setAttribute("aria-label", open ? "Close chat" : "Open chat")
    path.setAttribute("d", open ? CLOSE : CHAT)
    if (frame.contentWindow) frame.contentWindow.postMessage({ type: open ? "servicekit:open" : "servicekit:closed" }, origin)
  }
  button.addEventListener("click", () => toggle(frame.style.display === "none"))
  // A signed-in visitor as the tenant's server signed them; each has a token of their own.
  const externalId = script.getAttribute("data-external-id")
  const identityHash = script.getAttribute("data-identity-hash")
  const identity = externalId && identityHash ? { externalId, identityHash } : null
  const KEY = "servicekit.chat." + siteKey + (identity ? "." + identity.externalId : "")
  const kept = () => { try { return localStorage.getItem(KEY) } catch { return null } }
  window.addEventListener("message", (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow || !event.data) return
    const type = event.data.type
    if (type === "servicekit:ready") {
      place(event.data.appearance)
      frame.contentWindow.postMessage({ type: "servicekit:token", token: kept(), identity, open: frame.style.display !== "none" }, origin)
    }
    else if (type === "servicekit:remember" && typeof event.data.token === "string") {
      try { localStorage.setItem(KEY, event.data.token) } catch {}
    } else if (type === "servicekit:forget") {
      try { localStorage.removeItem(KEY) } catch {}
    } else if (type === "servicekit:close") { toggle(false); button.focus() }
  })
  const mount = () => document.body.append(frame, button)
  if (document.body) mount()
  else document.addEventListener("DOMContentLoaded", mount)
})()
`
