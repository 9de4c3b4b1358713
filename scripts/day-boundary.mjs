// The end-to-end specs take today's date when they start and check what the app shows for it a
// few seconds later, in the browser and the server alike. A run that crosses local midnight can
// see the app turn to the next day between the two, so `npm test` does not start the suite in the
// last minutes of a day: it waits until the new day has begun.

/** How long the suite may take at most here (6 minutes on a fast machine, 15 on a slow one). */
export const E2E_DAY_MARGIN_MS = 20 * 60 * 1000;

/**
 * Milliseconds to wait before a suite that may take `marginMs` starts at `now`: none when the day
 * has that long left, else until 5 seconds into the next local day.
 * @param {Date} now
 */
export function waitBeforeDayTurns(now, marginMs = E2E_DAY_MARGIN_MS) {
  const nextDay = new Date(now);
  nextDay.setHours(24, 0, 5, 0);
  const left = nextDay.getTime() - now.getTime();
  return left <= marginMs ? left : 0;
}
