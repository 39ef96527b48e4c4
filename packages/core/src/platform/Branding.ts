/**
 * The platform's brand: the name, logo and accent colour people see in the console and on the
 * hosted chat page in place of ServiceKit's own. Every page that shows it reads it from here, so a
 * new one (a website widget) brands itself the same way.
 */
import { TEXT_CONTRAST, contrastRatio, formatRatio, isHexColor, mixColors } from "./Contrast.js"

export interface Brand {
  /** Shown as text, never as markup. */
  readonly name: string
  /** An `https:` address, a `data:image/` URL or a path on the kit's origin; none: the name alone. */
  readonly logoUrl?: string | undefined
  /** `#rrggbb`, dark enough for white text on it and for text of its colour on the pages' light surfaces. */
  readonly accentColor: string
}

export const defaultBrand: Brand = { name: "ServiceKit", accentColor: "#2f5bd3" }

export const BRAND_NAME_MAX_LENGTH = 60
/** A logo given as a data: URL rides in every page: a small one. */
export const BRAND_LOGO_MAX_LENGTH = 65_536

/** The surfaces the accent is read against: white text on it, and its own text on white and on the console's grey. */
const SURFACES = ["#ffffff", "#f6f7f9"] as const

/** Why `name` cannot be the brand's name, or undefined. */
export const brandNameProblem = (name: string): string | undefined => {
  if (name.trim() === "") return "it is empty"
  if (name.length > BRAND_NAME_MAX_LENGTH) {
    return `it is ${name.length} characters long, more than ${BRAND_NAME_MAX_LENGTH}`
  }
  // A control character (NUL, a line break) in a heading is a mistake, whatever escaping makes of it.
  if (/[\u0000-\u001f\u007f]/.test(name)) return "it contains a control character"
  return undefined
}

const isHttpsAddress = (text: string) => {
  try {
    const url = new URL(text)
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === ""
  } catch {
    return false
  }
}

// A path on the kit's own origin: `//host` or `/\host` would be another origin.
const ORIGIN_PATH = /^\/(?![/\\])[^\s\\]*$/
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]\S*$/i

/** Why `url` cannot be the brand's logo, or undefined. */
export const logoUrlProblem = (url: string): string | undefined => {
  if (url.length > BRAND_LOGO_MAX_LENGTH) {
    return `it is ${url.length} characters long, more than ${BRAND_LOGO_MAX_LENGTH}`
  }
  return /\s/.test(url) || !(isHttpsAddress(url) || DATA_IMAGE.test(url) || ORIGIN_PATH.test(url))
    ? "it must be an https: address, a data:image/ URL or a path on the kit's origin such as /logo.svg"
    : undefined
}

/** Why `color` cannot be the accent (a format, or a contrast too low for text), or undefined. */
export const accentColorProblem = (color: string): string | undefined => {
  if (!isHexColor(color)) return `"${color}" is not a colour written #rrggbb`
  const [withWhite, onGrey] = SURFACES.map((surface) => contrastRatio(color, surface))
  if (Math.min(withWhite!, onGrey!) >= TEXT_CONTRAST) return undefined
  return (
    `${color} has a contrast of ${formatRatio(withWhite!)} with white text on it and ${formatRatio(onGrey!)} ` +
    `as text on the pages' light grey (${SURFACES[1]}); text needs at least ${formatRatio(TEXT_CONTRAST)} ` +
    "(WCAG AA): choose a darker colour"
  )
}

/** The logo's origin when it is served from another one, for the pages' `img-src`. */
const logoOrigin = (brand: Brand): string | undefined =>
  brand.logoUrl !== undefined && isHttpsAddress(brand.logoUrl) ? new URL(brand.logoUrl).origin : undefined

/** The CSP `img-src` of a page showing the brand: its own origin, inline images and the logo's origin. */
export const brandImageSources = (brand: Brand): string => {
  const origin = logoOrigin(brand)
  return ["'self'", "data:", ...(origin === undefined ? [] : [origin])].join(" ")
}

/**
 * The brand's colours as CSS custom properties, for a stylesheet on the page's own origin (the
 * pages' policies allow no inline style): the accent, a darker one for hover, a pale one behind text.
 */
export const brandStyles = (brand: Brand): string => {
  const accent = brand.accentColor.toLowerCase()
  const strong = mixColors(accent, "#000000", 0.2)
  const soft = mixColors(accent, "#ffffff", 0.9)
  return `:root{--accent:${accent};--accent-strong:${strong};--accent-soft:${soft}}\n`
}
