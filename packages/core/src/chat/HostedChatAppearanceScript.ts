/**
 * The part of the hosted chat page's script (HostedChatScript.ts, which it joins inside its
 * function) that wears the tenant's appearance: `wear(response)` takes the answer of an appearance
 * route and sets the accent through the CSSOM (the page's policy allows no inline style), the
 * name, logo and greeting as text; the platform's brand stays where it cannot be read.
 */

export const chatAppearanceScript = `
  const HEX = /^#[0-9a-f]{6}$/i
  const mix = (hex, toward, share) => "#" + [1, 3, 5].map((at) => {
    const from = parseInt(hex.slice(at, at + 2), 16), to = parseInt(toward.slice(at, at + 2), 16)
    return Math.round(from + (to - from) * share).toString(16).padStart(2, "0")
  }).join("")
  const wear = async (response) => {
    const look = response && response.ok ? await response.json().catch(() => null) : null
    const mark = document.querySelector(".brand")
    if (look && typeof look.displayName === "string" && HEX.test(look.accentColor)) {
      const style = document.documentElement.style
      style.setProperty("--accent", look.accentColor)
      style.setProperty("--accent-strong", mix(look.accentColor, "#000000", 0.2))
      style.setProperty("--accent-soft", mix(look.accentColor, "#ffffff", 0.9))
      mark.querySelector("span").textContent = look.displayName
      const logo = mark.querySelector("img")
      if (logo && !look.logoUrl) logo.remove()
      document.getElementById("greeting").textContent = look.greeting
      document.title = "Chat · " + look.displayName
    }
    mark.hidden = false
    return look
  }
`
