import type { ComponentProps, LabelHTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn.ts";

const field =
  "w-full rounded-lg border border-border bg-bg px-3 text-fg placeholder:text-muted disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-ring";

export function Input({ className, ...props }: ComponentProps<"input">) {
  // A placeholder or value longer than the box (larger text on a phone) ends in "…", not a cut letter.
  return <input className={cn(field, "h-10 text-ellipsis", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(field, "min-h-24 py-2", className)} {...props} />;
}

/**
 * A ref that puts the caret after a textarea's text as it appears, for one that opens on words
 * kept from before: its text is set as its default, and Chromium leaves the caret before it, so
 * typing would go in front of the words. (An input's caret already follows a value it is given.)
 * Stable, so a click inside the words later is never overruled.
 */
export function caretAtEnd(field: HTMLTextAreaElement | null): void {
  field?.setSelectionRange(field.value.length, field.value.length);
}

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn("text-sm font-medium", className)} {...props} />;
}

/**
 * The chosen option wraps onto more lines and the select grows with it (`field-sizing: content`),
 * rather than be cut short ("Does not repea…") with larger text on a phone; at normal text it is
 * one line, 40 px high, as before. A browser that knows neither keeps it on one line.
 */
export function NativeSelect({ className, ...props }: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={cn(field, "min-h-10 py-1.5 whitespace-normal wrap-anywhere field-sizing-content", className)}
      {...props}
    />
  );
}

/** A labelled form control: the label above, tied to the control by `id`. */
export function Field({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
