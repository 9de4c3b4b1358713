import { ArrowRight, Loader2, Plus, Repeat2, Zap } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { QUICK_WIN_BADGE, QUICK_WIN_TOAST_CHARS } from "../../../../shared/constants.ts";
import type { User } from "../../../../shared/schemas.ts";
import { LabelCount } from "../../../components/label-count.tsx";
import {
  noRepeat,
  RepeatField,
  type RepeatValue,
  repeatLabel,
  repeatProblem,
  repeatRuleOf,
} from "../../../components/repeat-field.tsx";
import { RepeatIcon } from "../../../components/repeat-icon.tsx";
import { Button, buttonClass } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { WaitingMark } from "../../../components/waiting-mark.tsx";
import { WaitingRows } from "../../../components/waiting-rows.tsx";
import { limitReason } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { useTextDraft } from "../../../lib/draft.ts";
import { focusNextRow } from "../../../lib/focus-next.ts";
import { useOneAtATime } from "../../../lib/one-at-a-time.ts";
import { createOrKeep, notDone, SAVED_OFFLINE, useCount, useWaitingCreates } from "../../../lib/outbox.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { useCreateQuickWin, useToggleQuickWin, useTopQuickWins } from "../api.ts";

const QUICK_WINS_PATH = queryKeys.quickWins[0];

type Props = { user: User | null; requireUser: () => boolean };

/** The five oldest open quick wins, read as five; 'Show all (N)' opens the rest on the Tasks page. */
export function QuickWinsCard({ user, requireUser }: Props) {
  const quickWins = useTopQuickWins();
  const create = useCreateQuickWin();
  const toggle = useToggleQuickWin();
  // Words typed and not added yet stay through a reload (docs/decisions/049-one-line-drafts.md).
  const [text, setText, sentText] = useTextDraft("new-quick-win");
  // The Repeat choice stays folded under a small button, so the one-line form is not crowded.
  const [repeat, setRepeat] = useState<RepeatValue>(() => noRepeat());
  const [repeatOpen, setRepeatOpen] = useState(false);
  const rule = repeatRuleOf(repeat);
  const problem = repeatProblem(repeat);
  const waiting = useWaitingCreates(QUICK_WINS_PATH);
  const open = (quickWins.data?.items ?? []).filter((q) => !q.completed);
  const total = useCount(QUICK_WINS_PATH, quickWins.data, notDone);

  const add = useOneAtATime(async () => {
    const trimmed = text.trim();
    if (!trimmed || problem) return;
    if (!requireUser() || !user) return;
    // A queued create keeps its rule: the outbox sends this body as it is.
    const input = rule ? { text: trimmed, userId: user.id, repeat: rule } : { text: trimmed, userId: user.id };
    try {
      // One key for every attempt: sent now, or later from this device, it is added once.
      const made = await createOrKeep(
        { userId: user.id, path: QUICK_WINS_PATH, body: input, label: trimmed, action: "Quick win" },
        (key) => create.mutateAsync({ ...input, key }),
      );
      // What was typed while it was on its way, the next one perhaps, stays.
      sentText(trimmed);
      setRepeat(noRepeat());
      setRepeatOpen(false);
      toast(
        made.waiting
          ? SAVED_OFFLINE
          : { title: "Quick Win Added!", description: `Added "${trimmed.slice(0, QUICK_WIN_TOAST_CHARS)}...".` },
      );
    } catch (error) {
      toast({
        title: "Error Adding Quick Win",
        description: limitReason(error) ?? "Could not save quick win.",
        variant: "destructive",
      });
    }
  });

  return (
    <Card aria-labelledby="quick-wins-title" className="h-full">
      <CardHeader
        id="quick-wins-title"
        title="Quick Wins"
        icon={<Zap className="size-5 text-primary" aria-hidden />}
        action={<Badge>{QUICK_WIN_BADGE}</Badge>}
      />
      {quickWins.isPending ? (
        <div className="h-10 animate-pulse rounded-lg bg-accent" aria-hidden />
      ) : open.length === 0 ? (
        waiting.length === 0 && <p className="py-2 text-sm text-muted">No quick wins yet. Add some!</p>
      ) : (
        <ul className="grid gap-1" aria-labelledby="quick-wins-title">
          {open.map((q) => (
            <li key={q.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-accent">
                <input
                  type="checkbox"
                  className="size-5 accent-[var(--primary)]"
                  checked={q.completed}
                  onChange={(e) => {
                    focusNextRow(e.currentTarget, "input[type=checkbox]", "new-quick-win");
                    toggle.mutate(q.id);
                  }}
                />
                <span className="min-w-0 flex-1 wrap-anywhere">{q.text}</span>
                <WaitingMark list={queryKeys.quickWins} id={q.id} className="shrink-0" />
                {q.repeat && <RepeatIcon rule={q.repeat} className="size-4 shrink-0 text-muted" />}
              </label>
            </li>
          ))}
        </ul>
      )}
      <WaitingRows list={QUICK_WINS_PATH} label="Quick wins waiting to sync" tickable className="mt-1" />
      {total > open.length && (
        <Link
          to="/tasks?list=quick-wins"
          className={buttonClass("outline", "md", "mt-3 w-full whitespace-nowrap sm:w-auto")}
        >
          Show all
          <LabelCount n={total} />
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      )}
      <form
        className="mt-4 grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        {/* The box keeps at least 8 rem beside its buttons; narrower (larger text), they go under it. */}
        <div className="flex flex-wrap gap-2">
          <Input
            id="new-quick-win"
            className="min-w-[min(8rem,100%)] flex-1"
            aria-label="New quick win"
            placeholder="Add a quick win..."
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="ml-auto flex gap-2">
            <Button
              variant={rule ? "secondary" : "ghost"}
              size="icon"
              aria-label={`Repeat: ${repeatLabel(repeat)}`}
              title={`Repeat: ${repeatLabel(repeat)}`}
              aria-expanded={repeatOpen}
              aria-controls="quick-win-repeat-options"
              onClick={() => setRepeatOpen((o) => !o)}
            >
              <Repeat2 className={cn("size-5", rule && "text-primary")} aria-hidden />
            </Button>
            <Button
              type="submit"
              size="icon"
              aria-label="Add quick win"
              disabled={text.trim() === "" || problem !== null || create.isPending}
              aria-busy={create.isPending}
            >
              {create.isPending ? (
                <Loader2 className="size-5 animate-spin" aria-hidden />
              ) : (
                <Plus className="size-5" aria-hidden />
              )}
            </Button>
          </div>
        </div>
        <div id="quick-win-repeat-options" hidden={!repeatOpen}>
          {repeatOpen && <RepeatField idPrefix="quick-win" value={repeat} onChange={setRepeat} />}
        </div>
      </form>
    </Card>
  );
}
