import { Search } from "lucide-react";
import { LIST_SEARCH_MAX } from "../../shared/constants.ts";
import { cn } from "../lib/cn.ts";
import { Input } from "./ui/input.tsx";

type Props = {
  /** The field's accessible name, e.g. "Find a thought". */
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
};

/**
 * A search field that narrows a list as a person types (docs/decisions/051-find-a-thought.md,
 * 052-find-a-task.md): quieter and narrower than a capture box, with its label as placeholder.
 */
export function FindBox({ label, value, onChange, className }: Props) {
  return (
    <div className={cn("relative sm:max-w-sm", className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={`${label}...`}
        maxLength={LIST_SEARCH_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
