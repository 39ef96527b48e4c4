/** Text made safe inside a double-quoted HTML attribute of a page the kit writes. */
export const escapeAttribute = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
