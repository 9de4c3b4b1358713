import { Sun } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useWelcomeBack } from "../api.ts";
import { WelcomeBackPanel } from "./welcome-back-panel.tsx";

type Props = {
  /** Today in the user's zone (YYYY-MM-DD). */
  today: string;
  /** Where focus goes after "Not now": the page's heading. */
  afterCloseFocus: string;
  /** The usual dashboard, shown once the welcome is done or when there is none. */
  children: ReactNode;
};

/**
 * After an absence the dashboard opens with "Welcome back" instead of its cards
 * (docs/decisions/033-welcome-back.md); after the last task a short closing line sits above the
 * usual dashboard. While the server is asked, nothing below the header shows, so a returning
 * person never sees the pile first; the cards are there, hidden, and read their data meanwhile.
 */
export function WelcomeBack({ today, afterCloseFocus, children }: Props) {
  const welcome = useWelcomeBack();
  const [stage, setStage] = useState<"open" | "finished" | "closed">("open");
  const closing = useRef<HTMLParagraphElement>(null);
  const data = welcome.data;

  useEffect(() => {
    if (stage === "finished") closing.current?.focus();
    if (stage === "closed") document.getElementById(afterCloseFocus)?.focus();
  }, [stage, afterCloseFocus]);

  const welcoming = data?.show && data.tasks.length > 0 && stage === "open";
  return (
    <>
      {welcoming && (
        <WelcomeBackPanel
          tasks={data.tasks}
          today={today}
          onFinished={() => setStage("finished")}
          onClose={() => setStage("closed")}
        />
      )}
      {stage === "finished" && (
        <p
          ref={closing}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-2xl border border-border bg-card px-5 py-4 text-fg shadow-sm"
        >
          <Sun className="size-5 shrink-0 text-primary" aria-hidden />
          That's all from before. Thank you for taking a look. Today starts here.
        </p>
      )}
      {/* Mounted from the start, so the dashboard's own reads go out beside the welcome's instead
          of after it; hidden until it is known that no welcome comes first. */}
      <div className="contents" hidden={welcome.isPending || welcoming}>
        {children}
      </div>
    </>
  );
}
