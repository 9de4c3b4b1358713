import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Thought, thought } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { zonedNow } from "../../../lib/dates.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { useRowUpdate } from "../../../lib/row-update.ts";
import { useTimeZone } from "../../settings/api.ts";
import { type ThoughtType, useSuggestedType } from "../api.ts";
import { type ConvertTarget, suggestionFor } from "../converted.ts";
import { titleWithout, whenOf } from "../when-of.ts";
import { ConvertPanel } from "./convert-panel.tsx";

type Props = {
  onClose: () => void;
  /** Every thought; the inbox ones at opening are the ones walked through. */
  thoughts: Thought[];
  projects: Array<{ id: number; title: string }>;
  today: string;
  /**
   * Resolves to what the thought became, in words, or null on failure; `type` is the accepted
   * suggestion, saved with the conversion. Quiet: the dialog says it itself.
   */
  onConvert: (
    thought: Thought,
    target: ConvertTarget,
    opts: { type?: ThoughtType; quiet?: boolean },
  ) => Promise<string | null>;
};

type Action = "accept" | "convert" | "archive" | "skip";

const KEYS: Record<string, Action> = { enter: "accept", a: "accept", c: "convert", r: "archive", s: "skip" };

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/** What a step did, and, when it waits on this device for the connection, that it does. */
const onDevice = (done: string, waiting: boolean | undefined) =>
  waiting ? `${done.replace(/\.$/, "")} on this device. It will be saved when the connection is back.` : done;

/**
 * Guided triage, one thought at a time: the assistant proposes a type and the action that follows,
 * and one key accepts it, converts, archives or skips. Mounted while open, so the list of thoughts
 * is fixed at opening and the progress count does not shift under the user.
 */
export function SortWithMe({ onClose, thoughts, projects, today, onConvert }: Props) {
  // Each change shows at once, and waits on this device without a connection, as the inbox's own.
  const update = useRowUpdate<typeof thought, Partial<Pick<Thought, "status" | "type">>>(queryKeys.thoughts);
  const [queue] = useState(() => thoughts.filter((t) => t.status === "inbox").map((t) => t.id));
  const [position, setPosition] = useState(0);
  const [converting, setConverting] = useState(false);
  const [busy, setBusy] = useState(false);
  // What the last step did, said inside the dialog: a toast would sit on top of it, and take the
  // first Escape.
  const [said, setSaid] = useState("");

  // Sorted elsewhere meanwhile (another tab, a conversion that just finished): move past it.
  const byId = new Map(thoughts.map((t) => [t.id, t]));
  let index = position;
  while (index < queue.length && byId.get(queue[index])?.status !== "inbox") index += 1;
  const current = index < queue.length ? (byId.get(queue[index]) ?? null) : null;
  // A type other than Note was chosen by the user when capturing: it is never overridden, and the
  // next step follows from it. A Note (capture's default) gets the assistant's proposal.
  const chosenType = current && current.type !== "Note" ? current.type : null;
  const suggested = useSuggestedType(chosenType ? null : current);
  const proposedType: ThoughtType | null = chosenType ?? suggested.data ?? null;
  // A day or time its words say ("Dentist on Friday at 3pm"): a reminder can go on the calendar then.
  const timeZone = useTimeZone();
  // A day already gone ("the parcel that came yesterday") is no day to put it on.
  const saidWhen = useMemo(() => {
    const when = current ? whenOf(current, timeZone) : null;
    if (!current || !when || when.date < zonedNow(new Date(), timeZone).date) return null;
    return { title: titleWithout(current.content, when), date: when.date, time: when.time };
  }, [current, timeZone]);
  const suggestion = proposedType ? suggestionFor(proposedType, saidWhen) : null;
  const asking = !chosenType && suggested.isPending;

  // Focus rests on the thought itself, so Enter accepts and Tab reaches every button.
  // A ref callback, not an effect: it runs before the dialog's own first-control focus (which then
  // leaves it alone) and again for each new thought, or when coming back from converting.
  const currentId = current?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new thought is what should take focus
  const focusCard = useCallback((node: HTMLElement | null) => node?.focus(), [currentId]);

  const next = () => setPosition(index + 1);

  const act = async (action: Action) => {
    if (!current || busy) return;
    if (action === "skip") {
      setSaid("Skipped. It stays in the inbox.");
      return next();
    }
    if (action === "convert") return setConverting(true);
    const type = proposedType;
    if (action === "accept" && (!type || !suggestion)) return;
    setBusy(true);
    try {
      const retype = type && type !== current.type ? { type } : {};
      const was = { status: current.status, type: current.type };
      if (action === "archive") {
        const moved = await update.mutateAsync({
          id: current.id,
          patch: { status: "archived" },
          action: "Archive",
          was,
        });
        setSaid(onDevice("Archived.", moved.waiting));
      } else if (suggestion?.action.kind === "archive") {
        const moved = await update.mutateAsync({
          id: current.id,
          patch: { status: "archived", ...retype },
          action: "Archive",
          was,
        });
        setSaid(onDevice(`Archived as ${type}.`, moved.waiting));
      } else if (suggestion?.action.kind === "keep") {
        const kept = "type" in retype ? await update.mutateAsync({ id: current.id, patch: retype, was }) : null;
        setSaid(onDevice(`Kept in the inbox as ${type}.`, kept?.waiting));
      } else if (suggestion?.action.kind === "convert") {
        const done = await onConvert(current, suggestion.action.target, { type: type ?? undefined, quiet: true });
        if (!done) return;
        setSaid(done);
      }
      next();
    } catch {
      toast({ title: "Error", description: "Could not update the thought.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const actRef = useRef(act);
  actRef.current = act;

  // Escape while converting goes back to sorting instead of closing the whole walk. Listening on
  // the window in the capture phase runs before the dialog's own Escape handling.
  useEffect(() => {
    if (!converting) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      setConverting(false);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [converting]);
  useEffect(() => {
    if (converting) return;
    const onKey = (e: KeyboardEvent) => {
      const action = KEYS[e.key.toLowerCase()];
      if (!action || e.repeat || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      // Enter on a focused button or link is that control's own press.
      if (e.key === "Enter" && e.target instanceof HTMLElement && e.target.closest("button, a")) return;
      e.preventDefault();
      void actRef.current(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [converting]);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Sort with Me"
      description="One thought at a time. Decide, then move on."
    >
      <p className={said ? "mb-3 text-sm text-muted" : "sr-only"} aria-live="polite">
        {said}
      </p>
      {current && converting ? (
        <div className="grid gap-4">
          <p className="text-sm text-muted">
            {index + 1} of {queue.length}
          </p>
          <p className="rounded-xl bg-accent p-4 whitespace-pre-wrap wrap-anywhere">{current.content}</p>
          <ConvertPanel
            thought={current}
            projects={projects}
            today={today}
            cancelLabel="Back to sorting"
            onCancel={() => setConverting(false)}
            onConvert={async (target) => {
              const done = await onConvert(current, target, { quiet: true });
              if (done) {
                setSaid(done);
                setConverting(false);
                next();
              }
              return done !== null;
            }}
          />
        </div>
      ) : current ? (
        <div className="grid gap-4">
          <p className="text-sm text-muted">
            {index + 1} of {queue.length}
          </p>
          <article
            ref={focusCard}
            tabIndex={-1}
            aria-label="Current thought"
            className="grid gap-2 rounded-xl bg-accent p-4 focus:outline-2 focus:outline-ring"
          >
            <p className="text-xs font-medium text-muted">{current.type}</p>
            <p className="whitespace-pre-wrap wrap-anywhere">{current.content}</p>
          </article>
          <p className="text-sm" aria-live="polite">
            {asking
              ? "Asking for a suggestion..."
              : suggestion
                ? chosenType
                  ? `Your ${chosenType} → ${suggestion.text}`
                  : `Suggested: ${proposedType} → ${suggestion.text}`
                : "No suggestion right now. Choose below."}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <Button aria-keyshortcuts="Enter A" disabled={busy || !suggestion} onClick={() => act("accept")}>
              Accept (Enter)
            </Button>
            <Button variant="secondary" aria-keyshortcuts="C" disabled={busy} onClick={() => act("convert")}>
              Convert (C)
            </Button>
            <Button variant="outline" aria-keyshortcuts="R" disabled={busy} onClick={() => act("archive")}>
              Archive (R)
            </Button>
            <Button variant="ghost" aria-keyshortcuts="S" disabled={busy} onClick={() => act("skip")}>
              Skip (S)
            </Button>
          </div>
          <p className="text-xs text-muted">Keys: Enter or A accept, C convert, R archive, S skip, Escape close.</p>
        </div>
      ) : (
        <div className="grid gap-4">
          <p>All sorted. Nice work.</p>
          <Button onClick={onClose}>Done</Button>
        </div>
      )}
    </Dialog>
  );
}
