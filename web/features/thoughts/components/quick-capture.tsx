import { Loader2, Mic, Send } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { WhenChip } from "../../../components/when-chip.tsx";
import { limitReason } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { useOneAtATime } from "../../../lib/one-at-a-time.ts";
import { SAVED_OFFLINE } from "../../../lib/outbox.ts";
import { useTimeZone } from "../../settings/api.ts";
import { useCreateThought } from "../api.ts";
import { useThoughtDraft } from "../draft.ts";
import { useWhenInWords } from "../use-when-in-words.ts";
import { QUEUED_TOAST, useVoiceCapture } from "../voice.ts";
import { ImageButton } from "./image-button.tsx";
import { TypeChips } from "./type-chips.tsx";

export function QuickCapture({ requireUser }: { requireUser: () => boolean }) {
  // voiceThoughtId: the thought a kept recording belongs to, so sending the text does not add a second one.
  const [{ text: content, type, voiceThoughtId }, update, sent] = useThoughtDraft("inbox");
  const create = useCreateThought();
  const chosen = type ?? "Note";
  // A day or time in the words ("bins out Thursday 8pm") is offered as a chip, as in quick capture.
  const when = useWhenInWords(content, useTimeZone(), content.trim() !== "");

  const voice = useVoiceCapture({
    onDone: (outcome) => {
      switch (outcome.kind) {
        case "empty":
          toast({ title: "Recording cancelled", description: "No audio was recorded or the recording was too short." });
          return;
        case "failed":
          toast({
            title: "Voice transcription failed",
            description: outcome.message || "Could not transcribe audio",
            variant: "destructive",
          });
          return;
        case "queued":
          toast(QUEUED_TOAST);
          return;
        case "kept":
          toast({ title: "Recording processed", description: "Your voice was captured; transcription is coming." });
          return;
        case "heard":
          update({ voiceThoughtId: outcome.thoughtId, text: outcome.text });
          toast({ title: "Recording processed" });
          return;
        case "transcribed":
          if (outcome.text.trim()) {
            update({ text: outcome.text });
            toast({ title: "Recording processed" });
          } else {
            toast({ title: "Recording processed", description: "No speech was heard in the recording." });
          }
      }
    },
  });

  const startVoice = async () => {
    try {
      await voice.start();
      toast({ title: "Recording started" });
    } catch (error) {
      toast({
        title: "Voice capture failed",
        description: error instanceof Error && error.message ? error.message : "Could not record audio",
        variant: "destructive",
      });
    }
  };

  const send = useOneAtATime(async () => {
    const trimmed = content.trim();
    if (!trimmed) return;
    if (!requireUser()) return;
    try {
      const { waiting } = await create.mutateAsync({ content: trimmed, type: chosen, voiceThoughtId, when: when.when });
      sent(trimmed);
      when.reset();
      // Send is disabled once the box is empty: focus goes back to the box, ready for the next one.
      document.getElementById("quick-capture-text")?.focus();
      toast(
        waiting
          ? SAVED_OFFLINE
          : { title: "Added to inbox", description: `Your ${chosen.toLowerCase()} has been captured.` },
      );
    } catch (error) {
      toast({
        title: "Error adding thought",
        description: limitReason(error) ?? "Could not save thought.",
        variant: "destructive",
      });
    }
  });

  return (
    <Card aria-labelledby="quick-capture-title">
      <CardHeader id="quick-capture-title" title="Quick Capture" />
      <div className="grid gap-3">
        <TypeChips value={type} onChange={(next) => update({ type: next })} label="Capture type" />
        <form
          className="flex flex-wrap gap-2 sm:flex-nowrap"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Input
            id="quick-capture-text"
            aria-label="Capture text"
            placeholder={`Add a ${chosen.toLowerCase()}...`}
            className="basis-full sm:basis-auto"
            value={content}
            onChange={(e) => update({ text: e.target.value })}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Record voice"
            disabled={voice.recording || voice.busy}
            onClick={startVoice}
            className={cn(voice.recording && "animate-pulse")}
          >
            <Mic className="size-5" aria-hidden />
          </Button>
          <ImageButton />
          <Button
            type="submit"
            size="icon"
            aria-label="Send"
            disabled={content.trim() === "" || create.isPending}
            aria-busy={create.isPending}
          >
            {create.isPending ? (
              <Loader2 className="size-5 animate-spin" aria-hidden />
            ) : (
              <Send className="size-5" aria-hidden />
            )}
          </Button>
        </form>
        <WhenChip {...when.chip} emptyClassName="-mt-3" />
      </div>
    </Card>
  );
}
