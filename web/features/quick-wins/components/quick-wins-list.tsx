import { Trash2, Zap } from "lucide-react";
import { QUICK_WIN_BADGE } from "../../../../shared/constants.ts";
import { PagedList } from "../../../components/paged-list.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { WaitingRows } from "../../../components/waiting-rows.tsx";
import { useWaitingCreates } from "../../../lib/outbox.ts";
import { useDeleteQuickWin, useOpenQuickWins, useShownQuickWins, useToggleQuickWin } from "../api.ts";

/** Focus moves to the next row (or the one before, or the list) before a row leaves the list. */
function focusNeighbour(from: HTMLElement) {
  const row = from.closest("li");
  ((row?.nextElementSibling ?? row?.previousElementSibling ?? row?.closest("section")) as HTMLElement | null)?.focus();
}

/** Every open quick win, oldest first, a page at a time: where the dashboard's 'Show all (N)' leads. */
export function QuickWinsList() {
  const walk = useOpenQuickWins();
  const toggle = useToggleQuickWin();
  const waiting = useWaitingCreates("/api/quick-wins");
  const remove = useDeleteQuickWin();
  const rows = useShownQuickWins(walk.data?.pages.flatMap((p) => p.items) ?? []).filter((q) => !q.completed);

  return (
    <Card aria-labelledby="all-quick-wins-title" tabIndex={-1} className="outline-none">
      <CardHeader
        id="all-quick-wins-title"
        title="Quick Wins"
        icon={<Zap className="size-5 text-primary" aria-hidden />}
        action={<Badge>{QUICK_WIN_BADGE}</Badge>}
      />
      <PagedList
        query={walk}
        rows={rows}
        label="Quick wins"
        empty={waiting.length === 0 && <p className="py-2 text-sm text-muted">No quick wins yet. Add some!</p>}
      >
        {(q) => (
          <div className="flex items-center gap-3">
            <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-[var(--primary)]"
                checked={q.completed}
                onChange={(e) => {
                  focusNeighbour(e.currentTarget);
                  toggle.mutate(q.id);
                }}
              />
              <span className="min-w-0 flex-1 break-words">{q.text}</span>
            </label>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${q.text}`}
              onClick={(e) => {
                focusNeighbour(e.currentTarget);
                remove(q);
              }}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        )}
      </PagedList>
      <WaitingRows list="/api/quick-wins" label="Quick wins waiting to sync" tickable className="mt-2" />
    </Card>
  );
}
