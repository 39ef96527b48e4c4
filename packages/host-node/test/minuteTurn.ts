/**
 * Waits, when needed, until the clock minute has at least `needMs` left. Rate limits count per
 * clock minute (fixed windows), so requests that straddle a minute's turn would meet two budgets.
 */
export const clearOfMinuteTurn = async (needMs = 15_000): Promise<void> => {
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 60_000 - needMs) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100))
}
