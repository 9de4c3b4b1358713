import { Clock, ListChecks } from "lucide-react";
import { useState } from "react";
import type { Task } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { kinderEstimate, useEstimates } from "../estimates.ts";
import { EstimateOffer } from "./estimate-offer.tsx";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The open tasks to choose from, in today's focus order. */
  tasks: Task[];
  /** Breaks the chosen task down and opens focus mode on it. */
  onChoose: (task: Task) => Promise<void>;
  /** Sets a task's estimate to the kinder one offered; leaving it out offers none. */
  onUseEstimate?: (task: Task, minutes: number) => Promise<void>;
};

/** Task Breaker asks which task to break down, so the steps are always the chosen task's. */
export function TaskBreakerDialog({ open, onOpenChange, tasks, onChoose, onUseEstimate }: Props) {
  const [busy, setBusy] = useState<number | null>(null);
  const estimates = useEstimates(open && Boolean(onUseEstimate));
  // Tasks whose kinder estimate was taken: not offered again on the new estimate.
  const [used, setUsed] = useState<ReadonlySet<number>>(new Set());
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => busy === null && onOpenChange(o)}
      title="Which task shall we break down?"
      description="Pick one. You'll get a few small steps and focus mode opens on it."
    >
      <ul className="grid gap-2">
        {tasks.map((t) => {
          const offer =
            onUseEstimate && !used.has(t.id)
              ? kinderEstimate(
                  estimates.data?.find((f) => f.category === t.category),
                  t.timeEstimate,
                )
              : null;
          return (
            <li key={t.id} className="grid gap-1">
              <button
                type="button"
                disabled={busy !== null}
                onClick={async () => {
                  setBusy(t.id);
                  try {
                    await onChoose(t);
                  } finally {
                    setBusy(null);
                  }
                }}
                className="flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-border p-3 text-left hover:border-primary disabled:opacity-60"
              >
                {/* The title keeps at least 8 rem; narrower (larger text), the estimate goes under it. */}
                <span className="flex min-w-[min(8rem,100%)] flex-1 items-center gap-2">
                  <ListChecks className="size-4 shrink-0 text-primary" aria-hidden />
                  <span className="min-w-0 wrap-anywhere font-medium">{t.title || "Untitled Task"}</span>
                </span>
                <span className="flex shrink-0 items-center gap-1 text-xs text-muted">
                  {busy === t.id ? (
                    "Breaking down..."
                  ) : (
                    <>
                      <Clock className="size-3.5" aria-hidden />
                      {t.timeEstimate} min
                    </>
                  )}
                </span>
              </button>
              {offer && onUseEstimate && (
                <EstimateOffer
                  className="ml-6"
                  forTask={t.title || "Untitled Task"}
                  offer={offer}
                  disabled={busy !== null}
                  onUse={async (minutes) => {
                    setUsed((u) => new Set(u).add(t.id));
                    try {
                      await onUseEstimate(t, minutes);
                    } catch {
                      setUsed((u) => {
                        const next = new Set(u);
                        next.delete(t.id);
                        return next;
                      });
                    }
                  }}
                />
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy !== null}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
