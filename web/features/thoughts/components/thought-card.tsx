import { format } from "date-fns";
import type { ReactNode } from "react";
import type { Thought } from "../../../../shared/schemas.ts";
import { Badge } from "../../../components/ui/card.tsx";

const TYPE_BADGE: Record<string, string> = {
  Task: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  Idea: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  Reminder: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200",
  Note: "bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
  Journal: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
};

export function ThoughtCard({ thought, actions }: { thought: Thought; actions: ReactNode }) {
  return (
    <li className="grid gap-3 rounded-2xl border border-border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <Badge className={TYPE_BADGE[thought.type]}>{thought.type}</Badge>
        <time className="text-xs text-muted" dateTime={thought.createdAt}>
          {format(new Date(thought.createdAt), "MMM d, h:mm a")}
        </time>
      </div>
      <p className="whitespace-pre-wrap break-words">{thought.content}</p>
      {thought.convertedTo && <p className="text-sm text-muted">Converted to {thought.convertedTo}</p>}
      <div className="flex flex-wrap gap-2">{actions}</div>
    </li>
  );
}
