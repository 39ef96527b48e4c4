/**
 * How a tenant's chat looks to its visitors, on the widget and on the hosted page alike: its name,
 * accent, greeting and launcher side, over the platform's brand; and the names its agents sign
 * their replies with.
 */
import { BRAND_NAME_MAX_LENGTH, type Brand } from "../platform/Branding.js"

export const LAUNCHER_POSITIONS = ["right", "left"] as const
export type LauncherPosition = (typeof LAUNCHER_POSITIONS)[number]

/** What the tenant set; null: the platform's. */
export interface ChatAppearance {
  /** The name above the chat; null: the platform brand's name (and logo). */
  readonly displayName: string | null
  /** `#rrggbb`, legible with white text on it and as text on white; null: the brand's accent. */
  readonly accentColor: string | null
  /** The widget's first words, before the visitor writes; null: DEFAULT_GREETING. */
  readonly greeting: string | null
  /** The bottom corner the widget's launcher sits in. */
  readonly launcherPosition: LauncherPosition
  /** When it was last changed; null: never. */
  readonly updatedAt: Date | null
}

export const DEFAULT_GREETING = "Hi! Ask us anything, we will answer here."
export const MAX_GREETING_LENGTH = 500
export const DISPLAY_NAME_MAX_LENGTH = BRAND_NAME_MAX_LENGTH

export const defaultAppearance: ChatAppearance = {
  displayName: null,
  accentColor: null,
  greeting: null,
  launcherPosition: "right",
  updatedAt: null
}

/** What visitors see: the tenant's appearance, the platform's brand where it sets nothing. */
export interface ShownAppearance {
  readonly displayName: string
  /** The platform's logo, shown only beside the platform's name. */
  readonly logoUrl: string | null
  readonly accentColor: string
  readonly greeting: string
  readonly launcherPosition: LauncherPosition
}

export const shownAppearance = (appearance: ChatAppearance, brand: Brand): ShownAppearance => ({
  displayName: appearance.displayName ?? brand.name,
  logoUrl: appearance.displayName === null ? (brand.logoUrl ?? null) : null,
  accentColor: appearance.accentColor ?? brand.accentColor,
  greeting: appearance.greeting ?? DEFAULT_GREETING,
  launcherPosition: appearance.launcherPosition
})

/** A change to the appearance: a field left out stays, null returns it to the platform's. */
export interface AppearanceChange {
  readonly displayName?: string | null | undefined
  readonly accentColor?: string | null | undefined
  readonly greeting?: string | null | undefined
  readonly launcherPosition?: LauncherPosition | undefined
}

/** Why `text` cannot be the greeting, or undefined. Line breaks are kept; other control characters are not. */
export const greetingProblem = (text: string): string | undefined => {
  if (text.trim() === "") return "it is empty"
  if (text.length > MAX_GREETING_LENGTH) return `it is ${text.length} characters long, more than ${MAX_GREETING_LENGTH}`
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text)) return "it contains a control character"
  return undefined
}

/** The name an agent signs replies with, in the tenant's chat. */
export interface AgentProfile {
  readonly tenantId: string
  /** The dashboard token's subject. */
  readonly agentId: string
  readonly displayName: string
  /** One to three characters, shown where the name does not fit. */
  readonly initials: string
  readonly updatedAt: Date
}

/** Profiles a tenant may keep: more agents than a support team has. */
export const MAX_AGENT_PROFILES = 500
export const MAX_INITIALS_LENGTH = 3

/** The first letters of the first and last words, upper case: "Ada King Lovelace" is "AL". */
export const initialsOf = (name: string): string => {
  const words = name.trim().split(/\s+/).filter((word) => word !== "")
  const first = (word: string | undefined) => (word === undefined ? "" : Array.from(word)[0]!)
  const letters = words.length > 1 ? first(words[0]) + first(words.at(-1)) : first(words[0])
  return letters.toLocaleUpperCase()
}

/** Why `initials` cannot stand for an agent, or undefined. */
export const initialsProblem = (initials: string): string | undefined => {
  const length = Array.from(initials).length
  if (length === 0 || length > MAX_INITIALS_LENGTH) return `must be 1 to ${MAX_INITIALS_LENGTH} characters`
  if (/[\s\u0000-\u001f\u007f]/.test(initials)) return "must not contain spaces or control characters"
  return undefined
}
