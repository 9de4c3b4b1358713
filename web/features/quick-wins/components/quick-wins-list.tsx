import { Zap } from "lucide-react";
import { QUICK_WIN_BADGE } from "../../../../shared/constants.ts";
import { PagedList } from "../../../components/paged-list.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { useOpenQuickWins, useToggleQuickWin } from "../api.ts";

/** Every open quick win, oldest first, a page at a time: where the dashboard's 'Show all (N)' leads. */
export function QuickWinsList() {
  const walk = useOpenQuickWins();
  const toggle = useToggleQuickWin();
  const rows = (walk.data?.pages.flatMap((p) => p.items) ?? []).filter((q) => !q.completed);

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
        empty={<p className="py-2 text-sm text-muted">No quick wins yet. Add some!</p>}
      >
        {(q) => (
          <label className="flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className="size-5 shrink-0 accent-[var(--primary)]"
              checked={q.completed}
              onChange={(e) => {
                // Focus moves on before the row leaves the list.
                const row = e.currentTarget.closest("li");
                (
                  (row?.nextElementSibling ??
                    row?.previousElementSibling ??
                    row?.closest("section")) as HTMLElement | null
                )?.focus();
                toggle.mutate(q.id);
              }}
            />
            <span className="min-w-0 flex-1 break-words">{q.text}</span>
          </label>
        )}
      </PagedList>
    </Card>
  );
}
