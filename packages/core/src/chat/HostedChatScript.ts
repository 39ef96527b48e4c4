/**
 * The hosted chat page's script, and the widget's panel's (the same page in widget mode). It loads
 * the tenant's appearance and wears it (HostedChatAppearanceScript.ts), takes the visitor token
 * (from the link, or from the widget's loader), follows the conversation over server-sent events
 * read with fetch, sends files (uploaded as raw bytes, then a message naming them), says when
 * nobody can chat and takes an address for replies (HostedChatAwayScript.ts), and writes every
 * text with `textContent`, never as HTML. Its parts join inside one function: one file to serve.
 */

import { chatAppearanceScript } from "./HostedChatAppearanceScript.js"
import { chatAwayScript } from "./HostedChatAwayScript.js"

export const chatPageScript = `"use strict"
;(async () => {
  const root = document.querySelector(".chat")
  const base = root.dataset.base
  const $ = (id) => document.getElementById(id)
  const list = $("messages"), form = $("composer"), input = $("content"), send = $("send"), attach = $("attach")
  const note = (id) => (text) => { $(id).textContent = text; $(id).hidden = text === "" }
  const notice = note("notice"), fileNotice = note("file-notice")

  // The tenant's appearance: wear(response).
${chatAppearanceScript}
  // On the hosted page the token comes in the link: it is kept in this tab only and taken out of
  // the address bar. In the widget the loader keeps it, in the tenant's own site's storage (a
  // framed page's storage may be refused): it hands it over when asked, and keeps the one the first
  // message makes, which goes only to the origin that handed the first one over.
  const siteKey = root.dataset.siteKey
  const TOKEN = /^svt_[0-9A-Za-z]{40}$/
  let remember = () => {}
  let token = null
  let identity = null
  // Whether the visitor can see the chat: the hosted page always, the widget's panel while open.
  let panelOpen = !siteKey
  if (siteKey) {
    const close = () => parent.postMessage({ type: "servicekit:close" }, "*")
    $("close").addEventListener("click", close)
    addEventListener("keydown", (event) => { if (event.key === "Escape") close() })
    // The launcher waits for the look, so that it appears where and as the tenant set it.
    const look = await wear(await fetch(base + "/widget/appearance?siteKey=" + encodeURIComponent(siteKey)).catch(() => null))
    const launcher = look ? { accentColor: look.accentColor, launcherPosition: look.launcherPosition } : null
    token = await new Promise((resolve) => {
      if (parent === window) return resolve(null)
      addEventListener("message", (event) => {
        if (event.source !== parent || !event.data) return
        if (event.data.type === "servicekit:open") { panelOpen = true; input.focus() }
        if (event.data.type === "servicekit:closed") panelOpen = false
        if (event.data.type !== "servicekit:token") return
        panelOpen = event.data.open === true
        const kept = event.data.token
        const named = event.data.identity
        if (named && typeof named.externalId === "string" && typeof named.identityHash === "string") identity = named
        remember = (next) => parent.postMessage(next ? { type: "servicekit:remember", token: next } : { type: "servicekit:forget" }, event.origin)
        resolve(typeof kept === "string" && TOKEN.test(kept) ? kept : null)
      })
      parent.postMessage({ type: "servicekit:ready", appearance: launcher }, "*")
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
    if (!token) { notice("This chat link is not valid. Ask for a new one."); document.querySelector(".brand").hidden = false; form.hidden = true; return }
    wear(await fetch(base + "/appearance", { headers: { authorization: "Bearer " + token } }).catch(() => null))
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
  // Files go to a conversation: the widget's first message (text) opens it.
  const attachable = () => { $("attach-label").hidden = auth === null }
  attachable()
  // Whether anyone can chat now, asked while the page is open; the away notice when nobody can.
${chatAwayScript}
  const away = awayNotice({ base, siteKey, auth: () => auth, shown: () => panelOpen })
  away.start()

  const labels = { visitor: "You", agent: "Agent", api: "Support", system: "" }
  const shown = new Set()
  // How far agents have read: the visitor's last message up to it says "Seen".
  let seenUpTo = 0
  const markSeen = () => {
    for (const old of list.querySelectorAll(".seen")) old.remove()
    const mine = [...list.querySelectorAll(".message.visitor")].filter((item) => Number(item.dataset.sequence) <= seenUpTo).pop()
    if (!mine) return
    const seen = document.createElement("span")
    seen.className = "seen"
    seen.textContent = " · Seen"
    mine.querySelector("small").append(seen)
  }
  // An agent typing shows a few seconds, or until their message comes.
  let typingTimer
  const typing = (who) => {
    clearTimeout(typingTimer)
    $("typing").hidden = who === null
    if (who === null) return
    $("typing").textContent = (who || "An agent") + " is typing…"
    typingTimer = setTimeout(() => typing(null), 6000)
  }
  let lastEventId = ""
  let conversation = null

  const size = (bytes) => bytes >= 1048576 ? Math.round(bytes / 104857.6) / 10 + " MB" : Math.ceil(bytes / 1024) + " KB"
  const make = (tag, properties) => Object.assign(document.createElement(tag), properties)
  // A safe image as a thumbnail that opens it; any other file as a link to download, with its size.
  const fileItem = (file) => {
    const link = file.inline
      ? make("a", { href: file.url, target: "_blank", rel: "noopener" })
      : make("a", { href: file.url, download: file.name, textContent: file.name + " · " + size(file.size) })
    if (file.inline) link.append(make("img", { src: file.url, alt: file.name }))
    const item = make("li")
    item.append(link)
    return item
  }

  const show = (message) => {
    if (shown.has(message.id)) return
    shown.add(message.id)
    const item = document.createElement("li")
    item.className = "message " + message.authorType
    item.dataset.sequence = String(message.sequence)
    if (message.content !== "") item.append(make("p", { textContent: message.content }))
    if (message.files && message.files.length > 0) {
      const files = make("ul", { className: "files" })
      files.append(...message.files.map(fileItem))
      item.append(files)
    }
    const meta = document.createElement("small")
    // An agent signs with the name and initials their profile had when they wrote.
    if (message.authorInitials) {
      const initials = document.createElement("span")
      initials.className = "initials"
      initials.setAttribute("aria-hidden", "true")
      initials.textContent = message.authorInitials
      meta.append(initials)
    }
    const who = message.authorName || labels[message.authorType] || ""
    meta.append((who ? who + " · " : "") + new Date(message.createdAt).toLocaleTimeString())
    item.append(meta)
    const later = [...list.children].find((other) => Number(other.dataset.sequence) > message.sequence)
    list.insertBefore(item, later || null)
    list.scrollTop = list.scrollHeight
    if (message.authorType === "agent") typing(null)
    markSeen()
  }

  const render = (next) => {
    conversation = next
    $("title").textContent = next.name || "Chat"
    $("status").textContent = next.status
    const finished = next.status === "resolved" || next.status === "closed"
    $("rating").hidden = !finished || next.csat !== null
    $("thanks").hidden = next.csat === null
    input.disabled = send.disabled = attach.disabled = next.status === "closed"
    input.placeholder = next.status === "closed" ? "This conversation is closed" : "Write a message"
    // The widget offers a new conversation once this one is closed.
    $("restart").hidden = !siteKey || next.status !== "closed"
  }

  // The widget forgets its conversation (closed, or its token expired): the next message starts a new one.
  let following = null
  const reset = () => {
    remember(null)
    auth = null
    conversation = null
    if (following) following.abort()
    list.replaceChildren()
    shown.clear()
    lastEventId = ""
    seenUpTo = 0
    typing(null)
    for (const id of ["rating", "thanks", "restart"]) $(id).hidden = true
    $("greeting").hidden = false
    $("title").textContent = "Chat"
    $("status").textContent = ""
    input.disabled = send.disabled = attach.disabled = false
    input.placeholder = "Write a message"
    fileNotice("")
    away.forget()
    attachable()
  }
  $("restart").querySelector("button").addEventListener("click", () => { reset(); input.focus() })

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
      const email = first ? away.email() : undefined
      const response = first
        ? await fetch(base + "/widget/conversations", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ siteKey, content, ...(identity || {}), ...(email ? { email } : {}) })
          })
        : await fetch(base + "/messages", {
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({ content })
          })
      if (!response.ok && first && away.refused(await response.clone().json().catch(() => null))) return
      if (!response.ok) return notice(await failure(response, "The message was not sent. Try again."))
      const body = await response.json()
      if (first) {
        away.sent(email)
        remember(body.visitorToken)
        auth = { authorization: "Bearer " + body.visitorToken }
        attachable()
        $("greeting").hidden = true
        render(body.conversation)
        show(body.message)
        follow()
      } else show(body)
      input.value = ""
      notice("")
      fileNotice("")
    } catch {
      notice("The message was not sent. Check your connection and try again.")
    } finally {
      send.disabled = conversation !== null && conversation.status === "closed"
      input.focus()
    }
  })
  // Each chosen file is uploaded (its bytes the body, its name in the query), then one message carries
  // those the server took; what it refused (too large, a type not allowed) is said by the control.
  attach.addEventListener("change", async () => {
    const files = [...attach.files]
    attach.value = ""
    if (files.length === 0 || auth === null) return
    fileNotice("Sending " + files.map((file) => file.name).join(", ") + "…")
    const refused = [], fileIds = []
    try {
      for (const file of files.slice(0, 10)) {
        const response = await fetch(base + "/files?name=" + encodeURIComponent(file.name), {
          method: "POST",
          headers: { ...auth, "content-type": "application/octet-stream" },
          body: file
        })
        if (response.ok) fileIds.push((await response.json()).id)
        else refused.push(file.name + ": " + await failure(response, "It was not sent."))
      }
      if (files.length > 10) refused.push("At most 10 files go in one message.")
      if (fileIds.length > 0) {
        const response = await fetch(base + "/messages", {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ content: "", fileIds })
        })
        if (response.ok) show(await response.json())
        else refused.push(await failure(response, "The files were not sent. Try again."))
      }
      fileNotice(refused.join(" "))
    } catch {
      fileNotice("The file was not sent. Check your connection and try again.")
    }
  })

  // Agents see the visitor typing: said at most every three seconds, once there is a conversation.
  let saidTyping = 0
  input.addEventListener("input", () => {
    if (auth === null || Date.now() - saidTyping < 3000) return
    saidTyping = Date.now()
    fetch(base + "/typing", { method: "POST", headers: auth }).catch(() => {})
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
    else if (event === "seen") { seenUpTo = Math.max(seenUpTo, payload.sequence); markSeen() }
    else if (event === "typing") typing(payload.authorName || "")
  }

  // Server-sent events read with fetch, so that the token travels as a header; each reconnect
  // resumes after the last message shown.
  const follow = async () => {
    const stop = new AbortController()
    following = stop
    for (let wait = 500; !stop.signal.aborted; wait = Math.min(wait * 2, 10000)) {
      try {
        const response = await fetch(base + "/events", {
          headers: { ...auth, accept: "text/event-stream", ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
          cache: "no-store",
          signal: stop.signal
        })
        if (response.status === 401) {
          if (siteKey) return reset()
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
        if (stop.signal.aborted) return
        if (error !== UNAVAILABLE) notice("Reconnecting…")
      }
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
  if (auth !== null) follow()
})()
`
