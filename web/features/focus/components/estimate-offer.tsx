import { Lightbulb } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import type { KinderEstimate } from "../estimates.ts";

/**
 * A calm, ignorable offer of the estimate the person's own past tasks suggest. Nothing happens
 * unless the button is pressed.
 */
export function EstimateOffer({
  offer,
  onUse,
  disabled,
  className,
  forTask,
}: {
  offer: KinderEstimate;
  onUse: (minutes: number) => void;
  disabled?: boolean;
  className?: string;
  /** The task's title, where several tasks are listed: the button names it. */
  forTask?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-accent/60 px-3 py-2 text-sm",
        className,
      )}
    >
      <p className="flex min-w-0 flex-1 basis-56 items-start gap-2">
        <Lightbulb className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <span>{offer.message}</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled}
        aria-label={forTask ? `Use ${offer.minutes} min for ${forTask}` : undefined}
        onClick={() => onUse(offer.minutes)}
      >
        Use {offer.minutes} min
      </Button>
    </div>
  );
}
