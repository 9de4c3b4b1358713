import { Pencil, Trash2, Zap } from "lucide-react";
import { useState } from "react";
import { QUICK_WIN_BADGE } from "../../../../shared/constants.ts";
import type { QuickWin } from "../../../../shared/schemas.ts";
import { PagedList } from "../../../components/paged-list.tsx";
import { RepeatIcon } from "../../../components/repeat-icon.tsx";
import { RoutineDeleteDialog } from "../../../components/routine-delete-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { inToast } from "../../../components/ui/toast-store.ts";
import { WaitingMark } from "../../../components/waiting-mark.tsx";
import { WaitingRows } from "../../../components/waiting-rows.tsx";
import { zonedNow } from "../../../lib/dates.ts";
import { focusNeighbour, neighbourOf, useFocusWhenSettled } from "../../../lib/focus-next.ts";
import { type ListSearch, noMatch } from "../../../lib/list-search.ts";
import { useWaitingCreates } from "../../../lib/outbox.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { whenBack } from "../../../lib/routines.ts";
import { useTimeZone } from "../../settings/api.ts";
import { useDeleteQuickWin, useOpenQuickWins, useShownQuickWins, useToggleQuickWin } from "../api.ts";
import { EditQuickWinDialog } from "./edit-quick-win-dialog.tsx";

/**
 * Every open quick win, oldest first, a page at a time: where the dashboard's 'Show all (N)' leads.
 * With a search (docs/decisions/052-find-a-task.md), only those with its words.
 */
export function QuickWinsList({ search }: { search?: ListSearch }) {
  const walk = useOpenQuickWins(search?.q);
  const toggle = useToggleQuickWin();
  const waiting = useWaitingCreates("/api/quick-wins", search?.matches);
  const remove = useDeleteQuickWin();
  const timeZone = useTimeZone();
  /** When a repeating quick win skipped today comes back: from its current day (today in the person's zone, while open). */
  const backOf = (q: QuickWin) => whenBack(q.repeat ?? "", q.occursOn ?? zonedNow(new Date(), timeZone).date);
  // Deleting a repeating one asks which first; focus then goes where the row was.
  const [deleting, setDeleting] = useState<{ win: QuickWin; neighbour: HTMLElement | null } | null>(null);
  const [editing, setEditing] = useState<QuickWin | null>(null);
  // Once the list is read again after an edit, focus goes back to the quick win's Edit button;
  // after a change for today only, to the one-off quick win that holds it.
  const focusLater = useFocusWhenSettled(!walk.isFetching);
  const rows = useShownQuickWins(walk.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (q) => !q.completed && (search?.matches(q.text) ?? true),
  );

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
        empty={
          waiting.length > 0 ? null : search?.active ? (
            <p className="py-2 text-sm text-muted">{noMatch("quick win", search.typed)}</p>
          ) : (
            <p className="py-2 text-sm text-muted">No quick wins yet. Add some!</p>
          )
        }
      >
        {(q) => (
          // The words keep at least 6 rem beside Edit and Delete; narrower (larger text), those go under them.
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <label className="flex min-w-[min(6rem,100%)] flex-1 cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-[var(--primary)]"
                checked={q.completed}
                onChange={(e) => {
                  focusNeighbour(e.currentTarget);
                  toggle.mutate(q.id);
                }}
              />
              <span className="min-w-0 flex-1 wrap-anywhere">{q.text}</span>
              <WaitingMark list={queryKeys.quickWins} id={q.id} className="shrink-0" />
              {q.repeat && <RepeatIcon rule={q.repeat} className="size-4 shrink-0 text-muted" />}
            </label>
            <div className="ml-auto flex gap-3">
              <Button
                id={`edit-quick-win-${q.id}`}
                variant="ghost"
                size="icon"
                aria-label={`Edit ${q.text}`}
                onClick={() => setEditing(q)}
              >
                <Pencil className="size-4" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${q.text}`}
                onClick={(e) => {
                  if (q.repeat) {
                    setDeleting({ win: q, neighbour: neighbourOf(e.currentTarget) });
                    return;
                  }
                  focusNeighbour(e.currentTarget);
                  remove(q);
                }}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          </div>
        )}
      </PagedList>
      <WaitingRows
        list="/api/quick-wins"
        label="Quick wins waiting to sync"
        tickable
        matches={search?.matches}
        className="mt-2"
      />
      {editing && (
        <EditQuickWinDialog
          key={editing.id}
          win={editing}
          onClose={(savedId) => {
            focusLater({ id: `edit-quick-win-${savedId ?? editing.id}` });
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <RoutineDeleteDialog
          name={deleting.win.text}
          back={backOf(deleting.win)}
          onClose={() => setDeleting(null)}
          onChoose={(scope) => {
            const { win, neighbour } = deleting;
            setDeleting(null);
            if (scope === "this") {
              remove(win, {
                scope: "this",
                words: {
                  title: "Skipped for today",
                  description: `"${inToast(win.text)}" comes back ${backOf(win)}.`,
                  altText: "Undo skipping the quick win today",
                },
              });
            } else remove(win);
            // After the dialog has given focus back: the row is gone, so its neighbour takes it.
            requestAnimationFrame(() => neighbour?.focus());
          }}
        />
      )}
    </Card>
  );
}
