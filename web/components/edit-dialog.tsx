import { type ReactNode, useState } from "react";
import { ApiError } from "../lib/api.ts";
import { Button } from "./ui/button.tsx";
import { Dialog } from "./ui/dialog.tsx";
import { toast } from "./ui/toast-store.ts";

/**
 * The dialog that edits a row (a task, a quick win, a project): its fields, Cancel and "Save
 * changes", and the toast that says what was saved. For a routine (a `rule`) it also asks "all of
 * them or just this one" while the rule is kept (docs/decisions/032-routines.md). Changes not saved
 * are kept on this device until saved or given up with Cancel (docs/decisions/067-edit-drafts.md).
 */
export function EditDialog({
  title,
  description,
  noun,
  scopeName = "edit-scope",
  rule = null,
  newRule = null,
  canSave,
  saving,
  save,
  failure,
  onClose,
  forget,
  restored,
  children,
}: {
  title: string;
  description: string;
  /** What was edited, for the toast: "Task" says "Task updated". */
  noun: string;
  /** The radio group's name. */
  scopeName?: string;
  /** The row's rule as stored, and as its Repeat field now has it; none for a row that cannot repeat. */
  rule?: string | null;
  newRule?: string | null;
  canSave: boolean;
  saving: boolean;
  /**
   * Sends the change (`"this"`: today's occurrence only) and answers the saved row: its id, and
   * whether it waits on this device for the connection. Null when nothing was changed, so nothing
   * was sent: the dialog closes without a word.
   */
  save: (scope: "this" | undefined) => Promise<{ id: number; waiting?: boolean } | null>;
  /** The toast's words when the change is not saved. */
  failure: (error: unknown) => string;
  /** Told the saved row's id: a change for today only is saved as a new one-off row. */
  onClose: (savedId?: number) => void;
  /** Gives up the changes kept on this device: once saved, or with Cancel. Escape keeps them. */
  forget: () => void;
  /** The dialog opened with changes kept from before, not yet saved. */
  restored: boolean;
  children: ReactNode;
}) {
  const [scope, setScope] = useState<EditScope>("all");

  const submit = async () => {
    if (!canSave || saving) return;
    const justThis = rule !== null && newRule === rule && scope === "this";
    try {
      const saved = await save(justThis ? "this" : undefined);
      forget();
      if (saved === null) {
        onClose();
        return;
      }
      toast(
        saved.waiting
          ? { title: "Saved on this device", description: "Your changes will be saved when the connection is back." }
          : {
              title: `${noun} updated`,
              description: justThis
                ? "Changed for today only. The routine stays as it was."
                : "Your changes are saved.",
            },
      );
      onClose(saved.id);
    } catch (error) {
      // Just this one, for a day the routine has moved on from (changed from another tab, or this
      // change sent twice): nothing more to save here; the list shows the day as it is.
      if (justThis && error instanceof ApiError && error.status === 409) {
        forget();
        toast({ title: "Already changed", description: error.reason });
        onClose();
        return;
      }
      toast({ title: "Error", description: failure(error), variant: "destructive" });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {restored && <ChangesBack />}
        {children}
        <RoutineEditScope name={scopeName} rule={rule} newRule={newRule} scope={scope} onChange={setScope} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button
            variant="outline"
            onClick={() => {
              forget();
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave || saving}>
            {saving ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Said above an edit's fields when they open on changes kept from before (decision 067). */
export function ChangesBack() {
  return (
    <p className="rounded-lg bg-accent px-3 py-2 text-sm">
      Your changes from before are back, not saved yet. Cancel gives them up.
    </p>
  );
}

type EditScope = "all" | "this";

const SCOPES = [
  { value: "all", label: "All of them", hint: "Every time it comes back." },
  { value: "this", label: "Just this one", hint: "Only today's; the routine stays as it is." },
] as const;

/** Asked while the rule is kept; a new rule is always for all of them, and says so instead. */
function RoutineEditScope({
  name,
  rule,
  newRule,
  scope,
  onChange,
}: {
  /** The radio group's name, one per dialog. */
  name: string;
  /** The routine's rule as stored; null for a row that does not repeat, which asks nothing. */
  rule: string | null;
  /** The rule as the dialog's Repeat field now has it. */
  newRule: string | null;
  scope: EditScope;
  onChange: (scope: EditScope) => void;
}) {
  if (rule === null) return null;
  if (newRule !== rule) return <p className="text-sm text-muted">A new repeat changes all of them.</p>;
  return (
    <fieldset className="grid gap-2 rounded-xl border border-border p-3">
      <legend className="px-1 text-sm font-medium">It repeats. Which ones to change?</legend>
      {SCOPES.map((s) => (
        <label key={s.value} className="flex cursor-pointer items-start gap-3 rounded-lg p-1">
          <input
            type="radio"
            name={name}
            value={s.value}
            checked={scope === s.value}
            onChange={() => onChange(s.value)}
            className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
          />
          <span className="grid">
            <span className="text-sm font-medium">{s.label}</span>
            <span className="text-xs text-muted">{s.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
