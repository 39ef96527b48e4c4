/** A plain email address (RFC 5321's limits, no display name, no spaces or control characters). */
const EMAIL =
  /^[^\s@<>()[\]\\,;:"\u0000-\u001f\u007f]{1,64}@(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/i

export const isEmailAddress = (text: string) => text.length <= 254 && EMAIL.test(text)
