import { useState } from "react";
import { PENDING_VOICE_NOTE } from "../../../../shared/constants.ts";
import type { Thought } from "../../../../shared/schemas.ts";
import { EditDialog } from "../../../components/edit-dialog.tsx";
import { caretAtEnd, Field, Input, Textarea } from "../../../components/ui/input.tsx";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { editDraft, useEditDraft } from "../../../lib/draft.ts";
import { useEditThought } from "../api.ts";
import { TypeChips } from "./type-chips.tsx";

/** The day and time a thought is for; a time without its day is not kept. */
const whenOf = (t: Pick<Thought, "whenDate" | "whenTime">) => ({
  whenDate: t.whenDate,
  whenTime: (t.whenDate && t.whenTime) || null,
});

/**
 * Fixes a thought's words (a slip of the thumb, a word the transcription got wrong), its type, or
 * the day and time it is for (docs/decisions/048-edit-and-delete-thoughts.md). A voice note still
 * waiting for its transcription opens with no words: what is typed becomes its text, and the
 * recording stops waiting.
 */
export function EditThoughtDialog({
  thought,
  waitingForWords,
  onClose,
}: {
  thought: Thought;
  /** Its recording waits for a transcription. */
  waitingForWords: boolean;
  onClose: () => void;
}) {
  const placeholder = waitingForWords && thought.content === PENDING_VOICE_NOTE;
  const [form] = useState(() => ({
    content: placeholder ? "" : thought.content,
    type: thought.type,
    day: thought.whenDate ?? "",
    time: thought.whenTime ?? "",
  }));
  const { values, change, forget, restored } = useEditDraft(editDraft("thought", thought.id), form);
  const { content, type, day, time } = values;
  const set = (fields: Partial<typeof form>) => change({ ...values, ...fields });
  // The thought as the dialog opened: only what differs from it is sent.
  const [opened] = useState(() => ({ content: thought.content, type: thought.type, when: whenOf(thought) }));
  const edit = useEditThought();
  const trimmed = content.trim();

  return (
    <EditDialog
      title="Edit thought"
      description={
        placeholder
          ? "Write what the voice note says, or change its type."
          : "Fix the words, change its type or the day it is for."
      }
      noun="Thought"
      canSave={trimmed !== ""}
      saving={edit.saving}
      save={async () => {
        const changed = trimmed !== opened.content;
        // The day and time are sent only when they changed; a time without its day is not kept.
        const when = whenOf({ whenDate: day || null, whenTime: time || null });
        const whenChanged = when.whenDate !== opened.when.whenDate || when.whenTime !== opened.when.whenTime;
        const patch = {
          ...(type !== opened.type ? { type } : {}),
          ...(changed ? { content: trimmed } : {}),
          ...(whenChanged ? when : {}),
        };
        if (Object.keys(patch).length === 0) return null;
        // The person's own words stand for the recording: no transcript is added after them.
        return edit.save(thought.id, patch, { transcript: changed && waitingForWords });
      }}
      // The server's reason, such as words longer than it keeps; otherwise what failed.
      failure={(error) => (error instanceof ApiError ? errorMessage(error) : "Failed to update thought")}
      onClose={() => onClose()}
      forget={forget}
      restored={restored}
    >
      <Field id="edit-thought-content" label="Thought">
        <Textarea
          id="edit-thought-content"
          ref={caretAtEnd}
          value={content}
          onChange={(e) => set({ content: e.target.value })}
          placeholder={placeholder ? "What did you say?" : undefined}
          rows={4}
        />
      </Field>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium" aria-hidden>
          Type
        </span>
        <TypeChips label="Type" value={type} onChange={(t) => t && set({ type: t })} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Field id="edit-thought-day" label="Day (optional)">
          <Input id="edit-thought-day" type="date" value={day} onChange={(e) => set({ day: e.target.value })} />
        </Field>
        <Field id="edit-thought-time" label="Time (optional)">
          <Input
            id="edit-thought-time"
            type="time"
            value={day ? time : ""}
            disabled={!day}
            aria-describedby={day ? undefined : "edit-thought-time-note"}
            onChange={(e) => set({ time: e.target.value })}
          />
        </Field>
      </div>
      {!day && (
        <p id="edit-thought-time-note" className="-mt-2 text-sm text-muted">
          Pick a day to add a time.
        </p>
      )}
    </EditDialog>
  );
}
