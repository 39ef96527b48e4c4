/** Colours written `#rrggbb`, and the WCAG 2 contrast between two of them. */

/** The least contrast WCAG AA asks of normal text against what is behind it. */
export const TEXT_CONTRAST = 4.5

export const isHexColor = (text: string): boolean => /^#[0-9a-f]{6}$/i.test(text)

const channels = (hex: string): ReadonlyArray<number> =>
  [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16))

/** WCAG 2's relative luminance: each sRGB channel made linear, weighted as the eye sees it. */
export const relativeLuminance = (hex: string): number => {
  const [red, green, blue] = channels(hex).map((value) => {
    const share = value / 255
    return share <= 0.04045 ? share / 12.92 : ((share + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!
}

/** From 1:1 (the same) to 21:1 (black on white), whichever of the two is the lighter. */
export const contrastRatio = (one: string, other: string): number => {
  const [darker, lighter] = [relativeLuminance(one), relativeLuminance(other)].sort((a, b) => a - b)
  return (lighter! + 0.05) / (darker! + 0.05)
}

/** A ratio as people quote it, rounded down so that a refused colour never reads as 4.50:1. */
export const formatRatio = (ratio: number): string => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`

/** `hex` moved `share` (0 to 1) of the way towards `toward`, per channel. */
export const mixColors = (hex: string, toward: string, share: number): string => {
  const target = channels(toward)
  return `#${channels(hex)
    .map((value, index) => Math.round(value + (target[index]! - value) * share).toString(16).padStart(2, "0"))
    .join("")}`
}
