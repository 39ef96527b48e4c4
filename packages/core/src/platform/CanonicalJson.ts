/**
 * JSON with every object's keys in code-unit order, so that equal values have one text however
 * their keys were ordered (Postgres' jsonb reorders them): for comparing stored definitions and
 * for content digests.
 */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "object" && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner
  )
