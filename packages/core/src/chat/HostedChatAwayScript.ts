/**
 * The part of the hosted chat page's script (HostedChatScript.ts, which it joins inside its
 * function) that tells the visitor when nobody can chat: `awayNotice({ base, siteKey, auth, shown })`
 * asks whether the team chats now, on load and every minute while the page is visible (with a
 * visitor token, while the chat is `shown`, by saying the page is open, which holds agents' replies
 * back from email: a closed widget panel is not the visitor reading), and
 * while it does not shows the tenant's away message, as text, with a field for an address that
 * replies then go to. The visitor may still write.
 */

export const chatAwayScript = `
  const awayNotice = ({ base, siteKey, auth, shown }) => {
    const byId = (id) => document.getElementById(id)
    const section = byId("away"), field = byId("away-email"), status = byId("away-status"), save = byId("away-save")
    const say = (text, refused = false) => {
      status.textContent = text
      status.classList.toggle("refused", refused)
      if (refused) field.setAttribute("aria-invalid", "true")
      else field.removeAttribute("aria-invalid")
    }
    const kept = (email) => say("Saved: replies reach you at " + email + ".")
    const check = async () => {
      if (document.visibilityState !== "visible" || (auth() === null && !siteKey)) return
      const here = auth() !== null && shown()
      const response = await (here || !siteKey
        ? fetch(base + "/presence", { method: "POST", headers: auth() })
        : fetch(base + "/widget/availability?siteKey=" + encodeURIComponent(siteKey))
      ).catch(() => null)
      const answer = response && response.ok ? await response.json().catch(() => null) : null
      // Not known (offline, refused, suspended), or nothing to write into: nothing to say.
      const away = answer !== null && answer.available === false && !byId("composer").hidden
      if (away) byId("away-message").textContent = String(answer.awayMessage)
      section.hidden = !away
    }
    byId("away-form").addEventListener("submit", async (event) => {
      event.preventDefault()
      const email = field.value.trim()
      if (email === "") return say("Enter your email address.", true)
      // Before the first message there is nobody to ask but the browser; the API has the last word.
      if (auth() === null && !field.checkValidity()) return say("Enter an email address such as name@example.com.", true)
      if (auth() === null) return say("Noted: it goes with your first message.")
      save.disabled = true
      try {
        const response = await fetch(base + "/email", {
          method: "PUT",
          headers: { ...auth(), "content-type": "application/json" },
          body: JSON.stringify({ email })
        })
        const body = await response.json().catch(() => null)
        if (response.ok) kept(body.email)
        else say((body && body.error && body.error.message) || "The address was not saved. Try again.", true)
      } catch {
        say("The address was not saved. Check your connection and try again.", true)
      } finally {
        save.disabled = false
      }
    })
    return {
      start: () => {
        check()
        setInterval(check, 60000)
        document.addEventListener("visibilitychange", check)
        // Opened: the visitor is here now, not at the next minute.
        addEventListener("message", (event) => { if (event.source === parent && event.data && event.data.type === "servicekit:open") check() })
      },
      // The address that goes with the first message: the one in the field, while it is shown.
      email: () => (section.hidden || field.value.trim() === "" ? undefined : field.value.trim()),
      sent: (email) => { if (email !== undefined) kept(email) },
      // A first message refused for its address: said at the field (true), or not about it (false).
      refused: (body) => {
        const error = body && body.error
        const about = error && (error.code === "email_set_by_tenant" || (error.details || []).some((detail) => detail.field === "email"))
        if (!about) return false
        say(error.message, true)
        return true
      },
      forget: () => say("")
    }
  }
`
