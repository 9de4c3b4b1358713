import { Coffee, Pause, Play, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { useFocusSession } from "../focus-session.tsx";

type Props = {
  /** The task a new focus session is on: its minutes teach the estimates. */
  taskId?: number | null;
  /** What starts a focus session that has not begun. */
  startLabel: string;
  /** Reset stays in reach before anything has started, as in the focus dialog. */
  resetWhenIdle?: boolean;
  /** Buttons that sit with the timer's, such as the dialog's Complete Task. */
  children?: ReactNode;
};

/**
 * The focus timer's buttons, the same on the Focus page's card and in the focus dialog: start,
 * pause and resume, reset, and once a session is done, another session or the 5-minute break.
 */
export function TimerControls({ taskId, startLabel, resetWhenIdle = false, children }: Props) {
  const session = useFocusSession();
  const running = session.state === "running";
  const started = running || session.state === "paused";
  const done = session.state === "done" && session.phase === "focus";
  const reset = (
    <Button variant="outline" onClick={session.reset}>
      <RotateCcw className="size-4" aria-hidden />
      Reset
    </Button>
  );

  return (
    <div className="flex flex-wrap justify-center gap-2">
      {done ? (
        <>
          <Button onClick={() => session.start(taskId)}>
            <Play className="size-4" aria-hidden />
            Start another session
          </Button>
          <Button variant="secondary" onClick={session.startBreak}>
            <Coffee className="size-4" aria-hidden />
            Take a 5-minute break
          </Button>
        </>
      ) : (
        <>
          <Button onClick={() => (running ? session.pause() : session.start(taskId))}>
            {running ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
            {/* Paused, it goes on where it stopped. */}
            {running ? "Pause" : started ? "Resume" : session.phase === "break" ? "Start Break" : startLabel}
          </Button>
          {(started || resetWhenIdle) && reset}
        </>
      )}
      {children}
    </div>
  );
}
