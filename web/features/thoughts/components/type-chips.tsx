import { THOUGHT_TYPES } from "../../../../shared/constants.ts";
import { cn } from "../../../lib/cn.ts";
import type { ThoughtType } from "../api.ts";

type Props = { value: ThoughtType | null; onChange: (type: ThoughtType | null) => void; label: string };

export function TypeChips({ value, onChange, label }: Props) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{label}</legend>
      {THOUGHT_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          aria-pressed={value === type}
          onClick={() => onChange(value === type ? null : type)}
          className={cn(
            "rounded-full border px-3 py-1 text-sm font-medium transition-colors",
            value === type
              ? "border-primary bg-primary text-primary-fg"
              : "border-border bg-bg text-fg hover:bg-accent",
          )}
        >
          {type}
        </button>
      ))}
    </fieldset>
  );
}
