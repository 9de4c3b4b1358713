import { Brain, ImageIcon, Mic, Square } from "lucide-react";
import { useState } from "react";
import { THOUGHT_TYPES } from "../../../../shared/constants.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardHeader } from "../../../components/ui/card.tsx";
import { Textarea } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { cn } from "../../../lib/cn.ts";
import { type ThoughtType, useCreateThought } from "../api.ts";
import { transcribe, useRecorder } from "../voice.ts";
import { TypeChips } from "./type-chips.tsx";

export function ThoughtDumpCard({ requireUser }: { requireUser: () => boolean }) {
  const [content, setContent] = useState("");
  const [type, setType] = useState<ThoughtType | null>(null);
  const create = useCreateThought();

  const recorder = useRecorder(async (blob) => {
    if (!blob) {
      toast({ title: "Recording cancelled", description: "No audio was recorded or the recording was too short." });
      return;
    }
    toast({ title: "Processing recording" });
    toast({ title: "Transcribing audio" });
    try {
      const result = await transcribe(blob);
      if (!result.text) throw new Error("empty");
      setContent(result.text);
      setType(THOUGHT_TYPES.includes(result.type as ThoughtType) ? (result.type as ThoughtType) : "Note");
      toast({
        title: "Transcription complete",
        description: "Your voice has been transcribed. You can edit the text if needed.",
      });
    } catch {
      toast({
        title: "Transcription failed",
        description: "Could not transcribe your voice. Please try again or type manually.",
        variant: "destructive",
      });
    }
  });

  const toggleRecording = async () => {
    if (recorder.recording) {
      recorder.stop();
      return;
    }
    try {
      await recorder.start();
      toast({ title: "Voice recording active", description: "Recording... Click the microphone again to stop." });
    } catch {
      toast({
        title: "Voice feature unavailable",
        description: "Could not access microphone. Please check your browser permissions.",
        variant: "destructive",
      });
    }
  };

  const save = async () => {
    const trimmed = content.trim();
    if (!trimmed || create.isPending) return;
    if (!requireUser()) return;
    try {
      await create.mutateAsync({ content: trimmed, type });
      setContent("");
      setType(null);
      toast({ title: "Thought captured", description: "Your thought has been saved and organized." });
    } catch {
      toast({ title: "Error adding thought", description: "Could not save thought.", variant: "destructive" });
    }
  };

  return (
    <Card aria-labelledby="thought-dump-title">
      <CardHeader
        id="thought-dump-title"
        title="Thought Dump"
        icon={<Brain className="size-5 text-primary" aria-hidden />}
      />
      <div className="grid gap-3">
        <Textarea
          aria-label="Thought"
          placeholder="What's on your mind? Get it out of your head..."
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
        <TypeChips value={type} onChange={setType} label="Thought type" />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label={recorder.recording ? "Stop voice recording" : "Start voice recording"}
            aria-pressed={recorder.recording}
            onClick={toggleRecording}
            className={cn(recorder.recording && "animate-pulse border-danger text-danger")}
          >
            {recorder.recording ? <Square className="size-4" aria-hidden /> : <Mic className="size-5" aria-hidden />}
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Add image"
            onClick={() =>
              toast({
                title: "Coming soon",
                description: "Image upload and analysis will be available in the next update.",
              })
            }
          >
            <ImageIcon className="size-5" aria-hidden />
          </Button>
          <Button className="ml-auto" disabled={content.trim() === "" || create.isPending} onClick={save}>
            Save & Organize
          </Button>
        </div>
      </div>
    </Card>
  );
}
