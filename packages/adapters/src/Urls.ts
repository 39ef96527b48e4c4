/** A connection URL as logs and errors may show it: without the user name and password. */
export const redactUrl = (url: string): string => {
  try {
    const parsed = new URL(url)
    parsed.username = ""
    parsed.password = ""
    return parsed.toString()
  } catch {
    return "(an unparsable URL)"
  }
}
