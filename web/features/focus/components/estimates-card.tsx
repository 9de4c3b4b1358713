import { RotateCcw, Timer } from "lucide-react";
import { useState } from "react";
import type { EstimateFactor } from "../../../../shared/focus-schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { errorMessage } from "../../../lib/api.ts";
import { factorInWords, useEstimates, useResetEstimates } from "../estimates.ts";

/** "about 1.5× your guess, from 4 tasks", or "close to your guess" when the factor rounds to 1. */
export function factorSentence(f: EstimateFactor): string {
  const words = Number(f.factor.toFixed(1)) === 1 ? "close to your guess" : `${factorInWords(f.factor)} your guess`;
  return `${words}, from ${f.tasks} ${f.tasks === 1 ? "task" : "tasks"}`;
}

/**
 * Settings → General: what the app has learnt about how long tasks take, per category, from focus
 * sessions on tasks done (docs/decisions/027-estimates-that-learn.md). Each can start afresh.
 */
export function EstimatesCard() {
  const estimates = useEstimates();
  const reset = useResetEstimates();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [said, setSaid] = useState("");
  const factors = estimates.data ?? [];
  const learnt = factors.some((f) => f.tasks > 0);

  const forget = async (category: string | null) => {
    setSaid("");
    try {
      await reset.mutateAsync(category);
      setSaid(category ? `${category} starts afresh.` : "Every category starts afresh.");
      return true;
    } catch (error) {
      setSaid(`Not reset: ${errorMessage(error)}`);
      return false;
    }
  };

  return (
    <Card aria-labelledby="estimates-title">
      <CardHeader id="estimates-title" title="Estimates" icon={<Timer className="size-5 text-primary" aria-hidden />} />
      <p className="text-sm text-muted">
        Learnt from focus sessions on tasks you finish. When a kind of task usually takes longer or shorter than you
        guess, adding a task offers a kinder estimate.
      </p>
      {estimates.isPending ? (
        <div className="mt-4 h-24 animate-pulse rounded-xl bg-accent" aria-hidden />
      ) : estimates.isError && !estimates.data ? (
        // Said only when never read: a later read that fails leaves what was read on show.
        <p className="mt-4 text-sm">Could not load what was learnt. Please try again later.</p>
      ) : (
        <ul className="mt-4 grid gap-2" aria-label="Learnt estimates">
          {factors.map((f) => (
            <li
              key={f.category}
              className="flex min-h-12 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl border border-border px-3 py-1.5"
            >
              <p className="min-w-0 text-sm">
                <span className="font-medium">{f.category}:</span>{" "}
                {f.tasks > 0 ? factorSentence(f) : <span className="text-muted">Nothing learnt yet</span>}
              </p>
              {f.tasks > 0 && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  aria-label={`Reset ${f.category}`}
                  disabled={reset.isPending}
                  onClick={() => void forget(f.category)}
                >
                  Reset
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button variant="outline" disabled={!learnt || reset.isPending} onClick={() => setConfirmOpen(true)}>
          <RotateCcw className="size-4" aria-hidden />
          Reset all
        </Button>
        <p className="min-h-5 text-sm text-muted" role="status">
          {said}
        </p>
      </div>
      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen} title="Reset all estimates?">
        <p>
          The app forgets how long your tasks have taken and starts learning afresh. Your tasks and their estimates stay
          as they are.
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmOpen(false)}>
            Cancel
          </Button>
          <Button
            disabled={reset.isPending}
            onClick={async () => {
              if (await forget(null)) setConfirmOpen(false);
            }}
          >
            Yes, reset all
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
