/**
 * The time left as a disc that shrinks towards twelve o'clock, as on a Time Timer: seen at a
 * glance, without reading digits. It glides between seconds; with reduced motion it steps (the
 * global reduced-motion rule takes the transition away), and it is still shown.
 */
export function TimeDisc({ remaining, total, className }: { remaining: number; total: number; className?: string }) {
  const fraction = total > 0 ? Math.min(1, Math.max(0, remaining / total)) : 0;
  const gone = 100 - fraction * 100;
  return (
    <svg
      viewBox="0 0 100 100"
      aria-hidden
      data-testid="time-disc"
      data-fraction={fraction.toFixed(3)}
      className={className ?? "size-24 shrink-0 sm:size-28"}
    >
      <circle cx="50" cy="50" r="47" fill="var(--card)" stroke="var(--border)" strokeWidth="2" />
      <circle
        cx="50"
        cy="50"
        r="22"
        fill="none"
        stroke="var(--primary)"
        strokeWidth="44"
        pathLength={100}
        strokeDasharray="100 100"
        strokeDashoffset={gone}
        transform="rotate(-90 50 50)"
        className="transition-[stroke-dashoffset] duration-1000 ease-linear"
      />
      <circle cx="50" cy="50" r="3" fill="var(--fg)" />
    </svg>
  );
}
