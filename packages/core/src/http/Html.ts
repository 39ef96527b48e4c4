/** Text made safe inside a double-quoted HTML attribute of a page the kit writes. */
export const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")

/** Text made safe as the content of an element of a page the kit writes: shown as written, never parsed. */
export const escapeText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
