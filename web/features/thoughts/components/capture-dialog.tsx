import { Send } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { caretAtEnd, Textarea } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { WhenChip } from "../../../components/when-chip.tsx";
import { limitReason } from "../../../lib/api.ts";
import { useOneAtATime } from "../../../lib/one-at-a-time.ts";
import { SAVED_OFFLINE } from "../../../lib/outbox.ts";
import { useCreateThought } from "../api.ts";
import { useThoughtDraft } from "../draft.ts";
import { useWhenInWords } from "../use-when-in-words.ts";
import { TypeChips } from "./type-chips.tsx";

/**
 * Quick capture from anywhere: a type and a line of text, saved with Ctrl/Cmd+Enter or the Save
 * button. Closing returns focus where it was (the dialog restores it).
 */
export function CaptureDialog({
  open,
  onOpenChange,
  timeZone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user's zone: "tomorrow at 3pm" is read on their wall clock. */
  timeZone: string;
}) {
  const [{ text: content, type }, update, sent] = useThoughtDraft("anywhere");
  const create = useCreateThought();
  const chosen = type ?? "Note";
  // A day or time in the words shows as a chip; the thought keeps it only when accepted.
  const when = useWhenInWords(content, timeZone, open);

  const save = useOneAtATime(async () => {
    const trimmed = content.trim();
    if (!trimmed) return;
    try {
      const { waiting } = await create.mutateAsync({
        content: trimmed,
        type: chosen,
        voiceThoughtId: null,
        when: when.when,
      });
      sent(trimmed);
      when.reset();
      onOpenChange(false);
      toast(
        waiting
          ? SAVED_OFFLINE
          : { title: "Added to inbox", description: `Your ${chosen.toLowerCase()} has been captured.` },
      );
    } catch (error) {
      // The text stays in the box, so nothing is lost.
      toast({
        title: "Error adding thought",
        description: limitReason(error) ?? "Could not save thought.",
        variant: "destructive",
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Capture a thought">
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TypeChips value={type} onChange={(next) => update({ type: next })} label="Capture type" />
        <Textarea
          aria-label="Capture text"
          aria-describedby="capture-hint"
          placeholder={`Add a ${chosen.toLowerCase()}...`}
          rows={3}
          value={content}
          // Opened on words kept from before, the caret waits after them, ready to go on.
          ref={caretAtEnd}
          autoFocus
          onChange={(e) => update({ text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void save();
            }
          }}
        />
        <WhenChip {...when.chip} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p id="capture-hint" className="text-sm text-muted">
            Ctrl+Enter (⌘+Enter on a Mac) saves it to your inbox.
          </p>
          <Button type="submit" disabled={content.trim() === "" || create.isPending}>
            <Send className="size-4" aria-hidden />
            {create.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
