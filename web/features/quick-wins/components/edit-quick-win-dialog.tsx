import { useState } from "react";
import type { QuickWin } from "../../../../shared/schemas.ts";
import { EditDialog } from "../../../components/edit-dialog.tsx";
import {
  RepeatField,
  type RepeatValue,
  repeatProblem,
  repeatRuleOf,
  repeatValueOf,
} from "../../../components/repeat-field.tsx";
import { Field, Input } from "../../../components/ui/input.tsx";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { editDraft, useEditDraft } from "../../../lib/draft.ts";
import { useUpdateQuickWin } from "../api.ts";

/**
 * Edits a quick win's words and its repeat (docs/decisions/046-edit-quick-wins.md). For a
 * repeating one it asks, as Edit task does, whether the change is for all of them or just today's.
 * `onClose` is told the saved row's id: a change for today only saves it as a new one-off.
 */
export function EditQuickWinDialog({ win, onClose }: { win: QuickWin; onClose: (savedId?: number) => void }) {
  const [form] = useState(() => ({ text: win.text, repeat: repeatValueOf(win.repeat) }));
  const { values, change, forget, restored } = useEditDraft(editDraft("quick-win", win.id), form);
  const { text, repeat } = values;
  const set = (fields: Partial<typeof form>) => change({ ...values, ...fields });
  const update = useUpdateQuickWin();
  const trimmed = text.trim();
  const rule = repeatRuleOf(repeat);

  return (
    <EditDialog
      title="Edit quick win"
      description="Change what it is or when it comes back."
      noun="Quick win"
      scopeName="edit-quick-win-scope"
      rule={win.repeat}
      newRule={rule}
      canSave={trimmed !== "" && repeatProblem(repeat) === null}
      saving={update.isPending}
      save={async (scope) => {
        // The rule is sent only when it changed: sending it places the series again.
        const patch = rule !== win.repeat ? { text: trimmed, repeat: rule } : { text: trimmed };
        return update.mutateAsync({ id: win.id, patch, scope, occurrence: win.occursOn });
      }}
      // The server's reason, such as a quick win longer than it keeps; otherwise what failed.
      failure={(error) => (error instanceof ApiError ? errorMessage(error) : "Failed to update quick win")}
      onClose={onClose}
      forget={forget}
      restored={restored}
    >
      <Field id="edit-quick-win-text" label="Quick win">
        <Input
          id="edit-quick-win-text"
          value={text}
          onChange={(e) => set({ text: e.target.value })}
          autoComplete="off"
        />
      </Field>
      <RepeatField idPrefix="edit-quick-win" value={repeat} onChange={(next: RepeatValue) => set({ repeat: next })} />
    </EditDialog>
  );
}
