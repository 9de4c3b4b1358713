import { Coffee, Pause, Play, RotateCcw, Timer } from "lucide-react";
import { useState } from "react";
import { FOCUS_BREAK_SECONDS, FOCUS_SESSION_SECONDS } from "../../../../shared/constants.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { formatClock, useCountdown } from "../use-countdown.ts";

/** The focus page timer: a 25-minute session, then the 5-minute break the page promises. */
export function FocusTimerCard({ taskTitle }: { taskTitle: string | null }) {
  const [phase, setPhase] = useState<"focus" | "break">("focus");
  const [offerBreak, setOfferBreak] = useState(false);
  const countdown = useCountdown(phase === "focus" ? FOCUS_SESSION_SECONDS : FOCUS_BREAK_SECONDS, () => {
    if (phase === "focus") {
      toast({ title: "Focus session completed!", description: "Time for a 5-minute break." });
      setOfferBreak(true);
    } else {
      toast({ title: "Break over", description: "Ready for another session when you are." });
      setPhase("focus");
      countdown.reset(FOCUS_SESSION_SECONDS);
    }
  });
  const running = countdown.state === "running";
  const started = countdown.state !== "idle";

  return (
    <Card aria-labelledby="timer-title" className="text-center">
      <h2 id="timer-title" className="flex items-center justify-center gap-2 text-lg font-semibold">
        <Timer className="size-5 text-primary" aria-hidden />
        {phase === "focus" ? "Focus Session" : "Break"}
      </h2>
      <p className="mt-1 min-h-6 text-sm text-muted">
        {phase === "break"
          ? "Step away, stretch, drink some water."
          : taskTitle
            ? `Working on: ${taskTitle}`
            : "25 minutes of focus, then a 5-minute break."}
      </p>
      <p className="my-6 font-mono text-6xl font-semibold tabular-nums" role="timer" aria-live="off">
        {formatClock(countdown.remaining)}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {!started ? (
          <Button onClick={countdown.start}>
            <Play className="size-4" aria-hidden />
            {phase === "focus" ? "Start Focus Session" : "Start Break"}
          </Button>
        ) : countdown.state === "done" ? null : (
          <>
            <Button onClick={running ? countdown.pause : countdown.start}>
              {running ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
              {running ? "Pause" : "Resume"}
            </Button>
            <Button variant="outline" onClick={() => countdown.reset()}>
              <RotateCcw className="size-4" aria-hidden />
              Reset
            </Button>
          </>
        )}
        {offerBreak && (
          <Button
            variant="secondary"
            onClick={() => {
              setOfferBreak(false);
              setPhase("break");
              countdown.reset(FOCUS_BREAK_SECONDS);
              setTimeout(countdown.start, 0);
            }}
          >
            <Coffee className="size-4" aria-hidden />
            Take a 5-minute break
          </Button>
        )}
      </div>
    </Card>
  );
}
