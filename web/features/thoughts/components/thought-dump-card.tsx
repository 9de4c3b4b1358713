import { Brain, Loader2, Mic, Square } from "lucide-react";
import { THOUGHT_TYPES } from "../../../../shared/constants.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Textarea } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { WhenChip } from "../../../components/when-chip.tsx";
import { limitReason } from "../../../lib/api.ts";
import { cn } from "../../../lib/cn.ts";
import { useOneAtATime } from "../../../lib/one-at-a-time.ts";
import { SAVED_OFFLINE } from "../../../lib/outbox.ts";
import { useTimeZone } from "../../settings/api.ts";
import { type ThoughtType, useCreateThought } from "../api.ts";
import { useThoughtDraft } from "../draft.ts";
import { useWhenInWords } from "../use-when-in-words.ts";
import { QUEUED_TOAST, useVoiceCapture } from "../voice.ts";
import { ImageButton } from "./image-button.tsx";
import { TypeChips } from "./type-chips.tsx";

export function ThoughtDumpCard({ requireUser }: { requireUser: () => boolean }) {
  // voiceThoughtId: the thought a kept recording belongs to, so saving the text does not add a second one.
  const [{ text: content, type, voiceThoughtId }, update, sent] = useThoughtDraft("dashboard");
  const create = useCreateThought();
  // A day or time in the words ("bins out Thursday 8pm") is offered as a chip, as in quick capture.
  const when = useWhenInWords(content, useTimeZone(), content.trim() !== "");

  const voice = useVoiceCapture({
    onProcessing: () => toast({ title: "Processing recording" }),
    onTranscribing: () => toast({ title: "Transcribing audio" }),
    onDone: (outcome) => {
      if (outcome.kind === "empty") {
        toast({ title: "Recording cancelled", description: "No audio was recorded or the recording was too short." });
        return;
      }
      if (outcome.kind === "queued") {
        toast(QUEUED_TOAST);
        return;
      }
      if (outcome.kind === "kept") {
        toast({
          title: "Voice note captured",
          description: "Transcription is coming. Your recording is saved in your inbox.",
        });
        return;
      }
      if (outcome.kind === "failed" || outcome.text.trim() === "") {
        toast({
          title: "Transcription failed",
          description:
            (outcome.kind === "failed" && outcome.limit) ||
            "Could not transcribe your voice. Please try again or type manually.",
          variant: "destructive",
        });
        return;
      }
      if (outcome.kind === "heard") {
        update({ text: outcome.text, voiceThoughtId: outcome.thoughtId, type: "Note" });
      } else {
        const type = THOUGHT_TYPES.includes(outcome.type as ThoughtType) ? (outcome.type as ThoughtType) : "Note";
        update({ text: outcome.text, type });
      }
      toast({
        title: "Transcription complete",
        description: "Your voice has been transcribed. You can edit the text if needed.",
      });
    },
  });

  const toggleRecording = async () => {
    if (voice.recording) {
      voice.stop();
      return;
    }
    try {
      await voice.start();
      toast({ title: "Voice recording active", description: "Recording... Click the microphone again to stop." });
    } catch {
      toast({
        title: "Voice feature unavailable",
        description: "Could not access microphone. Please check your browser permissions.",
        variant: "destructive",
      });
    }
  };

  const save = useOneAtATime(async () => {
    const trimmed = content.trim();
    if (!trimmed) return;
    if (!requireUser()) return;
    try {
      const { waiting } = await create.mutateAsync({ content: trimmed, type, voiceThoughtId, when: when.when });
      sent(trimmed);
      when.reset();
      // The button is disabled once the box is empty: focus goes back to the box, ready for the next one.
      document.getElementById("thought-dump-text")?.focus();
      toast(
        waiting
          ? SAVED_OFFLINE
          : { title: "Thought captured", description: "Your thought has been saved and organized." },
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
    <Card aria-labelledby="thought-dump-title">
      <CardHeader
        id="thought-dump-title"
        title="Thought Dump"
        icon={<Brain className="size-5 text-primary" aria-hidden />}
      />
      <div className="grid gap-3">
        <Textarea
          id="thought-dump-text"
          aria-label="Thought"
          placeholder="What's on your mind? Get it out of your head..."
          value={content}
          onChange={(e) => update({ text: e.target.value })}
        />
        <WhenChip {...when.chip} emptyClassName="-mt-3" />
        <TypeChips value={type} onChange={(next) => update({ type: next })} label="Thought type" />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={voice.recording ? "Stop voice recording" : "Start voice recording"}
            aria-pressed={voice.recording}
            disabled={voice.busy}
            onClick={toggleRecording}
            className={cn(voice.recording && "animate-pulse border-danger text-danger")}
          >
            {voice.recording ? <Square className="size-4" aria-hidden /> : <Mic className="size-5" aria-hidden />}
          </Button>
          <ImageButton />
          <Button
            className="ml-auto"
            disabled={content.trim() === "" || create.isPending}
            aria-busy={create.isPending}
            onClick={save}
          >
            {/* On a slow network the save takes a moment: it shows that it is on its way. */}
            {create.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
            Save & Organize
          </Button>
        </div>
      </div>
    </Card>
  );
}
