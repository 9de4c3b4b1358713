import { Timer } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cn } from "../../../lib/cn.ts";
import { formatClock } from "../clock.ts";
import { useFocusSession } from "../focus-session.tsx";

/** While a session runs or is paused, every other screen shows its time and leads back to it. */
export function FocusSessionPill({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const session = useFocusSession();
  const { pathname } = useLocation();
  if (pathname === "/focus" || (session.state !== "running" && session.state !== "paused")) return null;
  const label = session.phase === "focus" ? "Focus" : "Break";
  return (
    <Link
      to="/focus"
      onClick={onNavigate}
      className={cn(
        "inline-flex items-center gap-2 whitespace-nowrap rounded-full border border-primary/40 bg-accent px-3 py-1.5 text-sm font-medium",
        className,
      )}
    >
      <Timer className="size-4 text-primary" aria-hidden />
      <span>
        <span className="sr-only sm:not-sr-only">{label} </span>
        <span className="font-mono tabular-nums">{formatClock(session.remaining)}</span>
        {session.state === "paused" && <span className="text-muted"> (paused)</span>}
      </span>
    </Link>
  );
}
