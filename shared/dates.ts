/** Calendar arithmetic on YYYY-MM-DD strings, shared by the server's providers and the web's agenda. */

/** YYYY-MM-DD plus whole days, by the calendar: no time zone involved, month and year ends roll over. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
