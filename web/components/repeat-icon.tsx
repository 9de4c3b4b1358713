import { Repeat2 } from "lucide-react";
import { describeRepeat } from "../../shared/repeat.ts";

/** The mark of a routine or repeating event, read out as how it repeats ("Repeats every day"). */
export function RepeatIcon({ rule, className }: { rule: string; className?: string }) {
  return <Repeat2 role="img" className={className} aria-label={describeRepeat(rule)} />;
}
