/**
 * When a tenant's team chats: its timezone, weekly hours and holidays, the away message its
 * visitors read otherwise, and how long a visitor is away before replies go to them by email.
 */

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** Open on `day` from `opens` until `closes` (`HH:MM`, local time; `closes` may be `24:00`). */
export interface OpeningHours {
  readonly day: Weekday
  readonly opens: string
  readonly closes: string
}

export interface WorkingHours {
  /** An IANA timezone, e.g. `Europe/Berlin`; the weekly hours and holidays are in its local time. */
  readonly timezone: string
  /** Open at every hour of every day but holidays; `weekly` then waits unused. */
  readonly alwaysOpen: boolean
  readonly weekly: ReadonlyArray<OpeningHours>
  /** Days closed all day, `YYYY-MM-DD` in the timezone, ascending. */
  readonly holidays: ReadonlyArray<string>
  /** What the widget says when nobody can chat; null: DEFAULT_AWAY_MESSAGE. */
  readonly awayMessage: string | null
  /** Minutes a visitor with an email address is away before an agent's replies go to them by email. */
  readonly emailAfterMinutes: number
  /** When it was last changed; null: never. */
  readonly updatedAt: Date | null
}

export const DEFAULT_AWAY_MESSAGE = "We're away right now. Leave your email address and we'll reply there as soon as we're back."
export const MAX_AWAY_MESSAGE_LENGTH = 500
export const MAX_OPENING_HOURS = 21
export const MAX_HOLIDAYS = 100
export const MAX_TIMEZONE_LENGTH = 64
export const MAX_EMAIL_AFTER_MINUTES = 1440
export const DEFAULT_EMAIL_AFTER_MINUTES = 10

export const defaultWorkingHours: WorkingHours = {
  timezone: "UTC",
  alwaysOpen: true,
  weekly: [],
  holidays: [],
  awayMessage: null,
  emailAfterMinutes: DEFAULT_EMAIL_AFTER_MINUTES,
  updatedAt: null
}

/** A change: a field left out stays; a list given replaces the stored one. Days are checked by workingHoursProblem. */
export type WorkingHoursChange = Partial<Omit<WorkingHours, "updatedAt" | "weekly">> & {
  readonly weekly?: ReadonlyArray<Omit<OpeningHours, "day"> & { readonly day: string }> | undefined
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const minutesOf = (clock: string) => (clock === "24:00" ? 1440 : Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3)))

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The formatter of a timezone's local date and time; undefined for a zone this runtime does not know. */
const formatterOf = (timezone: string): Intl.DateTimeFormat | undefined => {
  const cached = formatters.get(timezone)
  if (cached !== undefined) return cached
  let made: Intl.DateTimeFormat
  try {
    made = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      weekday: "long",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit"
    })
  } catch {
    return undefined
  }
  // Few tenants' zones, but never an unbounded map.
  if (formatters.size < 1_000) formatters.set(timezone, made)
  return made
}

export const isTimezone = (timezone: string) =>
  timezone.length > 0 && timezone.length <= MAX_TIMEZONE_LENGTH && formatterOf(timezone) !== undefined

/** The local date (`YYYY-MM-DD`), weekday and minute of the day at `at` in `timezone` (a known one). */
export const localTime = (timezone: string, at: Date) => {
  const parts = Object.fromEntries(formatterOf(timezone)!.formatToParts(at).map((part) => [part.type, part.value]))
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    day: String(parts.weekday).toLowerCase() as Weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute)
  }
}

/** Whether the team keeps its hours at `at`: not a holiday, and always open or within one of the day's hours. */
export const isWithinHours = (hours: WorkingHours, at: Date): boolean => {
  // A zone the runtime no longer knows reads as UTC rather than never open.
  const local = localTime(isTimezone(hours.timezone) ? hours.timezone : "UTC", at)
  if (hours.holidays.includes(local.date)) return false
  if (hours.alwaysOpen) return true
  return hours.weekly.some(
    (open) => open.day === local.day && minutesOf(open.opens) <= local.minute && local.minute < minutesOf(open.closes)
  )
}

/** The first field of `change` that cannot be stored, with why; undefined when all can. */
export const workingHoursProblem = (change: WorkingHoursChange): { field: string; reason: string } | undefined => {
  if (change.timezone !== undefined && !isTimezone(change.timezone)) {
    return { field: "timezone", reason: "must be an IANA timezone such as Europe/Berlin" }
  }
  if (change.weekly !== undefined) {
    if (change.weekly.length > MAX_OPENING_HOURS) {
      return { field: "weekly", reason: `must list at most ${MAX_OPENING_HOURS} opening hours` }
    }
    for (const [index, open] of change.weekly.entries()) {
      const field = `weekly[${index}]`
      if (!WEEKDAYS.includes(open.day as Weekday)) return { field: `${field}.day`, reason: `must be one of ${WEEKDAYS.join(", ")}` }
      if (!CLOCK.test(open.opens)) return { field: `${field}.opens`, reason: "must be a time HH:MM from 00:00 to 23:59" }
      if (!CLOCK.test(open.closes) && open.closes !== "24:00") {
        return { field: `${field}.closes`, reason: "must be a time HH:MM from 00:01 to 24:00" }
      }
      if (minutesOf(open.closes) <= minutesOf(open.opens)) {
        return { field: `${field}.closes`, reason: "must be later than opens (split hours past midnight over two days)" }
      }
    }
  }
  if (change.holidays !== undefined) {
    if (change.holidays.length > MAX_HOLIDAYS) return { field: "holidays", reason: `must list at most ${MAX_HOLIDAYS} days` }
    const invalid = change.holidays.findIndex((day) => !isCalendarDate(day))
    if (invalid >= 0) return { field: `holidays[${invalid}]`, reason: "must be a date YYYY-MM-DD" }
  }
  if (change.awayMessage !== undefined && change.awayMessage !== null) {
    const text = change.awayMessage
    if (text.trim() === "") return { field: "awayMessage", reason: "must not be empty (null restores the default)" }
    if (text.length > MAX_AWAY_MESSAGE_LENGTH) {
      return { field: "awayMessage", reason: `must be at most ${MAX_AWAY_MESSAGE_LENGTH} characters` }
    }
    if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text)) {
      return { field: "awayMessage", reason: "must not contain control characters other than line breaks" }
    }
  }
  const minutes = change.emailAfterMinutes
  if (minutes !== undefined && (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_EMAIL_AFTER_MINUTES)) {
    return { field: "emailAfterMinutes", reason: `must be a whole number from 1 to ${MAX_EMAIL_AFTER_MINUTES}` }
  }
  return undefined
}

const isCalendarDate = (text: string) => {
  const match = DATE.exec(text)
  if (match === null) return false
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return date.toISOString().slice(0, 10) === text
}

/** `hours` with `change` applied (checked first with workingHoursProblem): holidays once each, ascending. */
export const changedWorkingHours = (hours: WorkingHours, change: WorkingHoursChange, at: Date): WorkingHours => ({
  timezone: change.timezone ?? hours.timezone,
  alwaysOpen: change.alwaysOpen ?? hours.alwaysOpen,
  weekly: change.weekly?.map(({ closes, day, opens }) => ({ day: day as Weekday, opens, closes })) ?? hours.weekly,
  holidays: change.holidays === undefined ? hours.holidays : [...new Set(change.holidays)].sort(),
  awayMessage: change.awayMessage === undefined ? hours.awayMessage : change.awayMessage,
  emailAfterMinutes: change.emailAfterMinutes ?? hours.emailAfterMinutes,
  updatedAt: at
})

/** Working hours as stored in JSON (null: never set), over the defaults for any field it lacks. */
export const storedWorkingHours = (stored: unknown): WorkingHours => {
  if (stored === null || typeof stored !== "object") return defaultWorkingHours
  const fields = stored as Partial<Record<keyof WorkingHours, unknown>>
  return {
    ...defaultWorkingHours,
    ...(fields as Partial<WorkingHours>),
    updatedAt: typeof fields.updatedAt === "string" ? new Date(fields.updatedAt) : null
  }
}
