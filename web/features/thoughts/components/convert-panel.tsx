import { CalendarPlus, FolderKanban, ListChecks, Zap } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Thought } from "../../../../shared/schemas.ts";
import type { When } from "../../../../shared/when.ts";
import { EventWhenFields } from "../../../components/event-when-fields.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Field, Input, NativeSelect } from "../../../components/ui/input.tsx";
import { formatShortDay, formatTime12, zonedNow } from "../../../lib/dates.ts";
import { newEventStart } from "../../../lib/schedule.ts";
import { useTimeZone } from "../../settings/api.ts";
import type { ConvertTarget } from "../converted.ts";
import { titleWithout, whenOf } from "../when-of.ts";

type Props = {
  thought: Thought;
  projects: Array<{ id: number; title: string }>;
  /** Today in the user's zone: the event's default date. */
  today: string;
  /** Resolves true once the thought is converted. */
  onConvert: (target: ConvertTarget) => Promise<boolean>;
  onCancel: () => void;
  cancelLabel?: string;
};

type Step = "choose" | "project" | "event";

/** Four targets; a project task and a calendar event ask one more small question first. */
export function ConvertPanel({ thought, projects, today, onConvert, onCancel, cancelLabel = "Cancel" }: Props) {
  const [step, setStep] = useState<Step>("choose");
  const [busy, setBusy] = useState(false);
  const [projectId, setProjectId] = useState("");
  const timeZone = useTimeZone();
  // A date or time in the thought's words ("Dentist tomorrow at 3pm") fills the event's fields;
  // the chip above them says so and can take it back.
  const [when] = useState<When | null>(() => whenOf(thought, timeZone));
  const [usingWhen, setUsingWhen] = useState(when !== null);
  const fullTitle = titleWithout(thought.content, null);
  const shortTitle = titleWithout(thought.content, when);
  const [title, setTitle] = useState(shortTitle);
  const [date, setDate] = useState(when?.date ?? today);
  // Without a time in the words: 9:00, or the next hour when 9:00 has passed today.
  const offeredStart = (day: string) => newEventStart(day, zonedNow(new Date(), timeZone));
  const [startTime, setStartTime] = useState(() => when?.time ?? offeredStart(when?.date ?? today));
  const applyWhen = (use: boolean) => {
    setUsingWhen(use);
    setTitle(use ? shortTitle : fullTitle);
    setDate(use && when ? when.date : today);
    setStartTime(use && when?.time ? when.time : offeredStart(use && when ? when.date : today));
    if (use) setAllDay(false);
  };
  const [allDay, setAllDay] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // Each step starts with focus on its first control, so the keyboard never gets lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step change is what moves focus
  useEffect(() => {
    box.current?.querySelector<HTMLElement>("select, input, button")?.focus();
  }, [step]);

  useEffect(() => {
    if (!projectId && projects.length > 0) setProjectId(String(projects[0].id));
  }, [projects, projectId]);

  const run = async (target: ConvertTarget) => {
    if (busy) return;
    setBusy(true);
    try {
      await onConvert(target);
    } finally {
      setBusy(false);
    }
  };

  let content: ReactNode;
  if (step === "project") {
    content = (
      <form
        className="grid gap-4"
        aria-label="Convert to project task"
        onSubmit={(e) => {
          e.preventDefault();
          if (projectId) void run({ kind: "project", projectId: Number(projectId) });
        }}
      >
        {projects.length === 0 ? (
          <p className="text-sm">
            No projects yet.{" "}
            <Link to="/projects" className="underline">
              Create a project
            </Link>{" "}
            first, then come back.
          </p>
        ) : (
          <Field id="convert-project" label="Project">
            <NativeSelect id="convert-project" value={projectId} onChange={(e) => setProjectId(e.target.value)}>
              {projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setStep("choose")}>
            Back
          </Button>
          <Button type="submit" disabled={!projectId || busy}>
            Add to project
          </Button>
        </div>
      </form>
    );
  } else if (step === "event") {
    content = (
      <form
        className="grid gap-4"
        aria-label="Convert to calendar event"
        onSubmit={(e) => {
          e.preventDefault();
          if (title.trim() && date) void run({ kind: "event", title: title.trim(), date, startTime, allDay });
        }}
      >
        <Field id="convert-event-title" label="Title">
          <Input
            id="convert-event-title"
            value={title}
            maxLength={300}
            onChange={(e) => setTitle(e.target.value)}
            autoComplete="off"
          />
        </Field>
        {when && (
          <div className="flex flex-wrap items-center gap-2 rounded-xl border border-border bg-accent px-3 py-2 text-sm">
            {usingWhen ? (
              <>
                <span>
                  From your words “{when.phrase}”: {formatShortDay(when.date)}
                  {when.time ? ` at ${formatTime12(when.time)}` : ""}
                </span>
                <Button variant="ghost" size="sm" onClick={() => applyWhen(false)}>
                  Don't use it
                </Button>
              </>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => applyWhen(true)}>
                Use “{when.phrase}”
              </Button>
            )}
          </div>
        )}
        <EventWhenFields
          idPrefix="convert-event"
          value={{ date, startTime, allDay }}
          onChange={(next) => {
            setDate(next.date);
            setStartTime(next.startTime);
            setAllDay(next.allDay);
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setStep("choose")}>
            Back
          </Button>
          <Button type="submit" disabled={!title.trim() || !date || busy}>
            Add to calendar
          </Button>
        </div>
      </form>
    );
  } else {
    content = (
      <div className="grid gap-2">
        <Button disabled={busy} onClick={() => run({ kind: "task" })}>
          <ListChecks className="size-4" aria-hidden />
          Convert to focus task
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => run({ kind: "quick-win" })}>
          <Zap className="size-4" aria-hidden />
          Convert to quick win
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setStep("project")}>
          <FolderKanban className="size-4" aria-hidden />
          Convert to project task
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => setStep("event")}>
          <CalendarPlus className="size-4" aria-hidden />
          Convert to calendar event
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    );
  }
  return <div ref={box}>{content}</div>;
}
