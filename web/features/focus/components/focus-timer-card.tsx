import { Timer } from "lucide-react";
import { useId, useState } from "react";
import { FOCUS_BREAK_SECONDS } from "../../../../shared/constants.ts";
import { Card } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/cn.ts";
import { CLOCK_SIZE, formatClock } from "../clock.ts";
import { FOCUS_LENGTHS, useFocusSession } from "../focus-session.tsx";
import { BREAK_HINT, SESSION_DONE } from "../words.ts";
import { TimeDisc } from "./time-disc.tsx";
import { TimerControls } from "./timer-controls.tsx";

type Props = {
  taskTitle: string | null;
  taskEstimate?: number | null;
  /** The task a new focus session is on: its minutes teach the estimates. */
  taskId?: number | null;
};

/** The focus page timer: the app's one focus session, then the 5-minute break the page promises. */
export function FocusTimerCard({ taskTitle, taskEstimate, taskId }: Props) {
  const session = useFocusSession();
  const started = session.state === "running" || session.state === "paused";
  const minutes = Math.round(session.length / 60);
  // A session just finished: the clock stays at 00:00, and the card says what comes next.
  const done = session.state === "done" && session.phase === "focus";

  return (
    <Card aria-labelledby="timer-title" className="text-center">
      <h2 id="timer-title" className="flex items-center justify-center gap-2 text-lg font-semibold">
        <Timer className="size-5 text-primary" aria-hidden />
        {session.phase === "focus" ? "Focus Session" : "Break"}
      </h2>
      <p className="mt-1 min-h-6 text-sm text-muted wrap-anywhere">
        {session.phase === "break"
          ? BREAK_HINT
          : done
            ? SESSION_DONE
            : taskTitle
              ? `Working on: ${taskTitle}`
              : `${minutes} minutes of focus, then a 5-minute break.`}
      </p>
      <div className="@container my-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-3">
        <TimeDisc
          remaining={session.remaining}
          total={session.phase === "focus" ? session.length : FOCUS_BREAK_SECONDS}
        />
        <p className={CLOCK_SIZE} role="timer" aria-live="off">
          {formatClock(session.remaining)}
        </p>
      </div>
      <TimerControls taskId={taskId} startLabel="Start Focus Session" />
      {session.phase === "focus" && !started && (
        <LengthChoice current={minutes} estimate={taskEstimate ?? null} onChoose={session.chooseLength} />
      )}
      <EndAlerts />
    </Card>
  );
}

function LengthChoice({
  current,
  estimate,
  onChoose,
}: {
  current: number;
  estimate: number | null;
  onChoose: (minutes: number) => void;
}) {
  const name = useId();
  const options: Array<{ minutes: number; label: string }> = FOCUS_LENGTHS.map((m) => ({
    minutes: m,
    label: `${m} min`,
  }));
  if (estimate && estimate > 0 && !FOCUS_LENGTHS.some((m) => m === estimate)) {
    options.push({ minutes: estimate, label: `Task estimate (${estimate} min)` });
  }
  return (
    <fieldset className="mt-5">
      <legend className="mx-auto mb-2 text-sm font-medium">Session length</legend>
      <div className="flex flex-wrap justify-center gap-2">
        {options.map((o) => (
          <label
            key={o.label}
            className={cn(
              "cursor-pointer rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
              current === o.minutes ? "border-primary bg-primary text-primary-fg" : "border-border hover:bg-accent",
            )}
          >
            <input
              type="radio"
              name={name}
              className="sr-only"
              checked={current === o.minutes}
              onChange={() => onChoose(o.minutes)}
              // Choosing the length already chosen starts it afresh (after a finished session).
              onClick={() => current === o.minutes && onChoose(o.minutes)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** How the end is announced besides the toast: a chime, and a system notification if allowed. */
function EndAlerts() {
  const session = useFocusSession();
  const supported = typeof Notification !== "undefined";
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : "denied"));
  return (
    <div className="mt-5 grid justify-center gap-2 text-left text-sm">
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4 shrink-0 accent-[var(--primary)]"
          checked={session.sound}
          onChange={(e) => session.setSound(e.target.checked)}
        />
        Play a sound when time is up
      </label>
      {supported && (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 shrink-0 accent-[var(--primary)]"
            checked={session.notify && permission === "granted"}
            disabled={permission === "denied"}
            onChange={async (e) => {
              const on = e.target.checked;
              if (on && Notification.permission === "default") {
                // Asked only now, when the user turns it on.
                const answer = await Notification.requestPermission();
                setPermission(answer);
                session.setNotify(answer === "granted");
                return;
              }
              session.setNotify(on);
            }}
          />
          Show a notification when I'm in another tab
        </label>
      )}
      {supported && permission === "denied" && (
        <p className="text-muted">Notifications are turned off for this site in your browser.</p>
      )}
    </div>
  );
}
