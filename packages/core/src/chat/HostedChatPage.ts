/**
 * The hosted chat page: plain HTML, CSS and a small script, nothing from elsewhere. Messages are
 * written with `textContent`, never parsed as HTML; the strict Content-Security-Policy would stop
 * an injected script anyway. The script takes the visitor token from the URL, then removes it
 * from the address bar (it lives on in this tab's sessionStorage), sends it only as an
 * Authorization header, and follows the conversation over server-sent events read with fetch,
 * resuming after the last message it showed. It wears the platform's brand: its name and logo in
 * the header, its accent on the visitor's messages and the buttons.
 */

import { escapeAttribute, escapeText } from "../http/Html.js"
import { type Brand, brandImageSources, brandStyles } from "../platform/Branding.js"

/**
 * Headers of the page and its assets: nothing but this origin may run, load or be sent (but the
 * brand's logo), and no Referer leaves.
 */
export const pageSecurityHeaders = (brand: Brand) => ({
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
    `img-src ${brandImageSources(brand)}; base-uri 'none'; form-action 'none'`,
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "cache-control": "no-store"
})

/** The brand's logo (beside its name, so it says nothing more) and name. */
const brandMark = (brand: Brand) => {
  const logo = brand.logoUrl === undefined ? "" : `<img src="${escapeAttribute(brand.logoUrl)}" alt="">`
  return `<p class="brand">${logo}<span>${escapeText(brand.name)}</span></p>`
}

/**
 * The page at `${mountPath}/public/chat`, or with `siteKey` the widget's panel at
 * `${mountPath}/public/chat/widget`: a greeting before the first message and a button that closes
 * the panel. Its assets beside it.
 */
export const chatPageHtml = (mountPath: string, brand: Brand, siteKey?: string) => {
  const base = escapeAttribute(`${mountPath}/public/chat`)
  const widget = siteKey === undefined ? "" : ` data-site-key="${escapeAttribute(siteKey)}"`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Chat · ${escapeText(brand.name)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${base}/chat.css">
<script src="${base}/chat.js" defer></script>
</head>
<body>
<main class="chat" data-base="${base}"${widget}>
  <header>
    <div class="heading">
      ${brandMark(brand)}
      <h1 id="title">Chat</h1>
    </div>
    <span id="status" class="status"></span>
    ${siteKey === undefined ? "" : '<button type="button" id="close" class="close" aria-label="Close chat">×</button>'}
  </header>
  <p id="notice" class="notice" role="alert" hidden></p>
  <ol id="messages" class="messages" aria-live="polite"></ol>
  <p id="greeting" class="greeting" hidden>Hi! Ask us anything, we will answer here.</p>
  <section id="rating" class="rating" hidden>
    <p>How was this conversation?</p>
    <div class="stars">
      <button type="button" data-rating="1" aria-label="1 of 5">1</button>
      <button type="button" data-rating="2" aria-label="2 of 5">2</button>
      <button type="button" data-rating="3" aria-label="3 of 5">3</button>
      <button type="button" data-rating="4" aria-label="4 of 5">4</button>
      <button type="button" data-rating="5" aria-label="5 of 5">5</button>
    </div>
    <textarea id="comment" maxlength="2000" rows="2" placeholder="Anything to add? (optional)"></textarea>
  </section>
  <p id="thanks" class="thanks" hidden>Thank you for your rating.</p>
  <form id="composer" class="composer">
    <textarea id="content" name="content" maxlength="10000" rows="2" placeholder="Write a message" aria-label="Message" required></textarea>
    <button type="submit" id="send">Send</button>
  </form>
</main>
</body>
</html>
`
}

/** The page's stylesheet: the brand's colours, then the rules that use them. */
export const chatPageCss = (brand: Brand) => `${brandStyles(brand)}*{box-sizing:border-box}
[hidden]{display:none!important}
body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#1d2330}
.chat{display:flex;flex-direction:column;height:100vh;max-width:640px;margin:0 auto;background:#fff}
header{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:12px 16px;border-bottom:1px solid #e3e6eb}
.heading{min-width:0}
.brand{display:flex;align-items:center;gap:6px;margin:0 0 2px;font-size:12px;font-weight:600;color:var(--accent)}
.brand img{height:20px;width:auto;max-width:120px}
.brand span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
h1{font-size:17px;margin:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.status{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#5b6577}
.notice{margin:0;padding:8px 16px;background:#fff4e5;color:#7a4a00}
.close{flex:none;width:32px;height:32px;border:0;border-radius:8px;background:none;color:#5b6577;font-size:22px;line-height:1;cursor:pointer}
.close:hover{background:#eef1f5}
.greeting{margin:0 16px 16px;padding:10px 12px;border-radius:12px;background:#eef1f5;align-self:flex-start}
.messages{flex:1;overflow-y:auto;list-style:none;margin:0;padding:16px;display:flex;flex-direction:column;gap:8px}
.message{max-width:80%;padding:8px 12px;border-radius:12px;background:#eef1f5;white-space:pre-wrap;overflow-wrap:anywhere}
.message p{margin:0}
.message small{display:block;margin-top:4px;font-size:11px;color:#5b6577}
.message.visitor{align-self:flex-end;background:var(--accent);color:#fff}
.message.visitor small{color:#fff}
.message.system{align-self:center;background:none;color:#5b6577;font-style:italic}
.rating,.thanks{margin:0;padding:12px 16px;border-top:1px solid #e3e6eb}
.rating p{margin:0 0 8px}
.stars{display:flex;gap:6px;margin-bottom:8px}
.stars button{width:40px;height:36px;border:1px solid #c9ced8;border-radius:8px;background:#fff;cursor:pointer}
.rating textarea,.composer textarea{width:100%;font:inherit;padding:8px;border:1px solid #c9ced8;border-radius:8px;resize:none}
.composer{display:flex;gap:8px;padding:12px 16px;border-top:1px solid #e3e6eb}
.composer button{padding:0 18px;border:0;border-radius:8px;background:var(--accent);color:#fff;font:inherit;cursor:pointer}
.composer button:hover{background:var(--accent-strong)}
.composer button:disabled,.composer textarea:disabled{opacity:.6;cursor:not-allowed}
`

export const chatPageScript = `"use strict"
;(async () => {
  const root = document.querySelector(".chat")
  const base = root.dataset.base
  const $ = (id) => document.getElementById(id)
  const list = $("messages"), form = $("composer"), input = $("content"), send = $("send")
  const notice = (text) => { $("notice").textContent = text; $("notice").hidden = text === "" }

  // On the hosted page the token comes in the link: it is kept in this tab only and taken out of
  // the address bar. In the widget the loader keeps it, in the tenant's own site's storage (a
  // framed page's storage may be refused): it hands it over when asked, and keeps the one the first
  // message makes, which goes only to the origin that handed the first one over.
  const siteKey = root.dataset.siteKey
  const TOKEN = /^svt_[0-9A-Za-z]{40}$/
  let remember = () => {}
  let token = null
  let identity = null
  if (siteKey) {
    const close = () => parent.postMessage({ type: "servicekit:close" }, "*")
    $("close").addEventListener("click", close)
    addEventListener("keydown", (event) => { if (event.key === "Escape") close() })
    token = await new Promise((resolve) => {
      if (parent === window) return resolve(null)
      addEventListener("message", (event) => {
        if (event.source !== parent || !event.data) return
        if (event.data.type === "servicekit:open") input.focus()
        if (event.data.type !== "servicekit:token") return
        const kept = event.data.token
        const named = event.data.identity
        if (named && typeof named.externalId === "string" && typeof named.identityHash === "string") identity = named
        remember = (next) => parent.postMessage(next ? { type: "servicekit:remember", token: next } : { type: "servicekit:forget" }, event.origin)
        resolve(typeof kept === "string" && TOKEN.test(kept) ? kept : null)
      })
      parent.postMessage({ type: "servicekit:ready" }, "*")
    })
  } else {
    const KEY = "servicekit.chat.token"
    const params = new URLSearchParams(location.search)
    token = params.get("token")
    if (token) {
      try { sessionStorage.setItem(KEY, token) } catch {}
      params.delete("token")
      history.replaceState(null, "", location.pathname + (params.toString() ? "?" + params : ""))
    } else {
      try { token = sessionStorage.getItem(KEY) } catch {}
    }
    if (!token) { notice("This chat link is not valid. Ask for a new one."); form.hidden = true; return }
  }
  const UNAVAILABLE = "This chat is unavailable right now."
  // What a 403 tells the visitor: an identity the tenant's page got wrong is said (its developer
  // reads it); anything else, a suspended tenant's chat included, is only unavailable.
  const refusal = (body, otherwise) => {
    const error = body && body.error
    return error && typeof error.code === "string" && error.code.startsWith("identity_") ? error.message : otherwise
  }
  // A signed-in visitor without a token here may have a conversation open from elsewhere.
  if (siteKey && !token && identity) {
    const response = await fetch(base + "/widget/sessions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ siteKey, ...identity })
    }).catch(() => null)
    const body = response && response.ok ? await response.json() : null
    if (response && !response.ok && response.status !== 429) {
      notice(refusal(await response.json().catch(() => null), UNAVAILABLE))
      form.hidden = true
      return
    }
    if (body && body.visitorToken) { token = body.visitorToken; remember(token) }
  }
  let auth = token ? { authorization: "Bearer " + token } : null
  $("greeting").hidden = auth !== null

  const labels = { visitor: "You", agent: "Agent", api: "Support", system: "" }
  const shown = new Set()
  let lastEventId = ""
  let conversation = null

  const show = (message) => {
    if (shown.has(message.id)) return
    shown.add(message.id)
    const item = document.createElement("li")
    item.className = "message " + message.authorType
    item.dataset.sequence = String(message.sequence)
    const text = document.createElement("p")
    text.textContent = message.content
    const meta = document.createElement("small")
    const who = labels[message.authorType] || ""
    meta.textContent = (who ? who + " · " : "") + new Date(message.createdAt).toLocaleTimeString()
    item.append(text, meta)
    const later = [...list.children].find((other) => Number(other.dataset.sequence) > message.sequence)
    list.insertBefore(item, later || null)
    list.scrollTop = list.scrollHeight
  }

  const render = (next) => {
    conversation = next
    $("title").textContent = next.name || "Chat"
    $("status").textContent = next.status
    const finished = next.status === "resolved" || next.status === "closed"
    $("rating").hidden = !finished || next.csat !== null
    $("thanks").hidden = next.csat === null
    input.disabled = send.disabled = next.status === "closed"
    input.placeholder = next.status === "closed" ? "This conversation is closed" : "Write a message"
  }

  const failure = async (response, fallback) => {
    const body = await response.json().catch(() => null)
    if (response.status === 403) return refusal(body, UNAVAILABLE)
    return (body && body.error && body.error.message) || fallback
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault()
    const content = input.value.trim()
    if (content === "") return
    send.disabled = true
    try {
      // The widget's first message opens the conversation and gives the token that follows it.
      const first = auth === null
      const response = first
        ? await fetch(base + "/widget/conversations", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ siteKey, content, ...(identity || {}) })
          })
        : await fetch(base + "/messages", {
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({ content })
          })
      if (!response.ok) return notice(await failure(response, "The message was not sent. Try again."))
      const body = await response.json()
      if (first) {
        remember(body.visitorToken)
        auth = { authorization: "Bearer " + body.visitorToken }
        $("greeting").hidden = true
        render(body.conversation)
        show(body.message)
        follow()
      } else show(body)
      input.value = ""
      notice("")
    } catch {
      notice("The message was not sent. Check your connection and try again.")
    } finally {
      send.disabled = conversation !== null && conversation.status === "closed"
      input.focus()
    }
  })
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); form.requestSubmit() }
  })

  for (const button of document.querySelectorAll("[data-rating]")) {
    button.addEventListener("click", async () => {
      const comment = $("comment").value.trim()
      const response = await fetch(base + "/csat", {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ rating: Number(button.dataset.rating), ...(comment ? { comment } : {}) })
      })
      if (!response.ok) return notice(await failure(response, "The rating was not saved."))
      render(await response.json())
    })
  }

  // One server-sent event block: its fields, then what it means.
  const dispatch = (block) => {
    let event = "message", id
    const data = []
    for (const line of block.split("\\n")) {
      if (line === "" || line.startsWith(":")) continue
      const colon = line.indexOf(":")
      const field = colon < 0 ? line : line.slice(0, colon)
      let value = colon < 0 ? "" : line.slice(colon + 1)
      if (value.startsWith(" ")) value = value.slice(1)
      if (field === "event") event = value
      else if (field === "data") data.push(value)
      else if (field === "id") id = value
    }
    if (data.length === 0) return
    const payload = JSON.parse(data.join("\\n"))
    if (event === "message") { show(payload); if (id) lastEventId = id }
    else if (event === "conversation") render(payload)
  }

  // Server-sent events read with fetch, so that the token travels as a header; each reconnect
  // resumes after the last message shown.
  const follow = async () => {
    for (let wait = 500; ; wait = Math.min(wait * 2, 10000)) {
      try {
        const response = await fetch(base + "/events", {
          headers: { ...auth, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
          cache: "no-store"
        })
        if (response.status === 401) {
          // The widget forgets an expired token: the next message starts a new conversation.
          if (siteKey) {
            remember(null)
            auth = null
            list.replaceChildren()
            shown.clear()
            lastEventId = ""
            $("greeting").hidden = false
            return
          }
          notice(await failure(response, "This chat link has expired. Ask for a new one."))
          form.hidden = true
          return
        }
        // Unavailable for now: asked again every ten seconds, and back as it was once it answers.
        if (response.status === 403) {
          notice(UNAVAILABLE)
          form.hidden = true
          wait = 10000
          throw UNAVAILABLE
        }
        if (!response.ok || !response.body) throw new Error("HTTP " + response.status)
        notice("")
        form.hidden = false
        wait = 500
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ""
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buffer = (buffer + value).replace(/\\r\\n?/g, "\\n")
          let end
          while ((end = buffer.indexOf("\\n\\n")) >= 0) {
            dispatch(buffer.slice(0, end))
            buffer = buffer.slice(end + 2)
          }
        }
      } catch (error) {
        if (error !== UNAVAILABLE) notice("Reconnecting…")
      }
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
  if (auth !== null) follow()
})()
`
