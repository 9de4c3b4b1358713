/** "mm:ss" for a number of seconds: 1500 → "25:00". */
export function formatClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/**
 * The clock's digits: as large as before, but never wider than the box they are in (`cqi`, the
 * width of the nearest `@container`), so with larger text "25:00" stays inside its panel on a phone.
 */
export const CLOCK_SIZE =
  "font-mono text-[length:min(3rem,25cqi)] leading-none font-semibold tabular-nums sm:text-[length:min(3.75rem,25cqi)]";
