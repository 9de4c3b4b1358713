import { CalendarClock } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { Thought } from "../../../../shared/schemas.ts";
import { Badge } from "../../../components/ui/card.tsx";
import { WaitingMark } from "../../../components/waiting-mark.tsx";
import { formatShortDay, formatTime12, shortDateTime } from "../../../lib/dates.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { thoughtWords } from "../api.ts";
import { conversionLink } from "../converted.ts";

const TYPE_BADGE: Record<string, string> = {
  Task: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  Idea: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  Reminder: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200",
  Note: "bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
  Journal: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
};

/** How much of a thought's words describe its card's buttons: enough to tell it from another. */
const DESCRIBED_BY_CHARS = 60;

/**
 * The first words of `text` up to `max` characters, cut between words and ended with '…'; null
 * when the whole of it is no longer.
 */
function firstWords(text: string, max: number): string | null {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return null;
  const cut = flat.slice(0, max + 1).replace(/\s+\S*$/, "");
  return `${cut.replace(/[\s,.;:!?-]+$/, "")}…`;
}

type Props = {
  thought: Thought;
  /**
   * The card's buttons, given the id of the thought's words: each is described by them, so
   * "Edit" or "Archive" says which thought it is for to a screen reader, as the card shows it.
   */
  actions: (wordsId: string) => ReactNode;
  /** A voice recording kept with the thought; pending until its transcript arrives. */
  recording?: { pending: boolean };
};

export function ThoughtCard({ thought, actions, recording }: Props) {
  const time = shortDateTime(thought.createdAt);
  // The stored placeholder reads oddly next to the player; the note below says the same calmly.
  const content = recording?.pending ? thoughtWords(thought) : thought.content;
  const wordsId = useId();
  const short = firstWords(content, DESCRIBED_BY_CHARS);
  return (
    // Beside a longer thought (two columns), the card keeps its rows together at the top.
    <li
      tabIndex={-1}
      className="grid content-start gap-3 rounded-2xl border border-border bg-card p-[min(1rem,16px)] focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="flex items-center justify-between gap-2">
        <Badge className={TYPE_BADGE[thought.type]}>{thought.type}</Badge>
        <time className="text-xs text-muted" dateTime={thought.createdAt}>
          {time}
        </time>
      </div>
      <p id={short ? undefined : wordsId} className="whitespace-pre-wrap wrap-anywhere">
        {content}
      </p>
      {/* A long thought describes the buttons by its first words: not hundreds after each one. */}
      {short && (
        <span id={wordsId} hidden>
          {short}
        </span>
      )}
      {thought.whenDate && (
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <CalendarClock className="size-4 shrink-0" aria-hidden />
          <span>
            <span className="sr-only">For </span>
            {formatShortDay(thought.whenDate)}
            {thought.whenTime ? ` at ${formatTime12(thought.whenTime)}` : ""}
          </span>
        </p>
      )}
      {recording && (
        <div className="grid gap-1">
          {/* Loaded only when played: a list of notes should not download every recording. */}
          {/* biome-ignore lint/a11y/useMediaCaption: the transcript is the thought's text, shown above once it arrives */}
          <audio
            controls
            preload="none"
            src={`/api/thoughts/${thought.id}/audio`}
            aria-label={`Voice note recorded ${time}`}
            className="h-10 w-full"
          />
          {recording.pending && <p className="text-sm text-muted">Transcription is coming</p>}
        </div>
      )}
      {thought.convertedTo && (
        <p className="text-sm text-muted">
          Converted to {conversionLink(thought.convertedTo)?.label ?? thought.convertedTo}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {actions(wordsId)}
        <WaitingMark list={queryKeys.thoughts} id={thought.id} className="ml-auto" />
      </div>
    </li>
  );
}
