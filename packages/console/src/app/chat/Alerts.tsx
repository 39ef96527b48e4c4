import { useRef, useState } from "preact/hooks"
import { href } from "../Route.js"
import { type SharedConversation, titleOf } from "./InboxStream.js"

const KEY = "servicekit.alerts"

/** A short two-tone chime, made here: the console loads no sound file. */
const chime = (audio: AudioContext) => {
  const start = audio.currentTime
  for (const [offset, pitch] of [
    [0, 880],
    [0.12, 1320]
  ] as const) {
    const tone = audio.createOscillator()
    const volume = audio.createGain()
    tone.frequency.value = pitch
    volume.gain.setValueAtTime(0.08, start + offset)
    volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25)
    tone.connect(volume).connect(audio.destination)
    tone.start(start + offset)
    tone.stop(start + offset + 0.25)
  }
}

/**
 * Alerts for new conversations, which the agent turns on (a click lets the page play sound and ask
 * for notifications): a chime, and a browser notification when they allowed it, for each
 * conversation created after the inbox opened. Remembered in this tab.
 */
export const useNewConversationAlerts = () => {
  const [on, setOn] = useState(() => {
    try {
      return sessionStorage.getItem(KEY) === "on"
    } catch {
      return false
    }
  })
  const audio = useRef<AudioContext | undefined>(undefined)
  const opened = useRef(Date.now())
  const told = useRef(new Set<string>())

  const turn = async (next: boolean) => {
    setOn(next)
    try {
      sessionStorage.setItem(KEY, next ? "on" : "off")
    } catch {
      // Storage refused: the choice holds until the page reloads.
    }
    if (!next) return
    audio.current ??= new AudioContext()
    await audio.current.resume()
    if ("Notification" in window && Notification.permission === "default") await Notification.requestPermission()
  }

  /** Tells of `conversation` once, when it is new since the inbox opened. */
  const heard = (conversation: SharedConversation) => {
    if (!on || told.current.has(conversation.id) || Date.parse(conversation.createdAt) < opened.current - 1_000) return
    told.current.add(conversation.id)
    if (audio.current === undefined) audio.current = new AudioContext()
    chime(audio.current)
    if (!("Notification" in window) || Notification.permission !== "granted") return
    const notice = new Notification("New conversation", { body: titleOf(conversation), tag: conversation.id })
    notice.onclick = () => {
      window.focus()
      location.href = href(`/chat/inbox/${conversation.id}`)
    }
  }

  const toggle = (
    <button type="button" class="button small" aria-pressed={on ? "true" : "false"} onClick={() => void turn(!on)}>
      {on ? "Alerts on" : "Turn on alerts"}
    </button>
  )
  return { heard, toggle }
}
