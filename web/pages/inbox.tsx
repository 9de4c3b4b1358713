import { useQueryClient } from "@tanstack/react-query";
import { Archive, ArchiveRestore, ArrowRightLeft, ListChecks, Zap } from "lucide-react";
import { Tabs } from "radix-ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { PENDING_VOICE_NOTE } from "../../shared/ai-schemas.ts";
import { THOUGHT_TYPES } from "../../shared/constants.ts";
import type { Thought } from "../../shared/schemas.ts";
import { requireUser, useAuth } from "../app/auth.tsx";
import { Button } from "../components/ui/button.tsx";
import { Dialog } from "../components/ui/dialog.tsx";
import { toast } from "../components/ui/toast-store.ts";
import { useCreateQuickWin } from "../features/quick-wins/api.ts";
import { useCreateTask } from "../features/tasks/api.ts";
import { THOUGHTS_KEY, useThoughts, useUpdateThought } from "../features/thoughts/api.ts";
import { QuickCapture } from "../features/thoughts/components/quick-capture.tsx";
import { ThoughtCard } from "../features/thoughts/components/thought-card.tsx";
import { RECORDINGS_KEY, useAiStatus, useRecordings } from "../features/thoughts/voice.ts";
import { apiRequest } from "../lib/api.ts";

type Target = "task" | "quick-win";

/**
 * Kept recordings by thought. Once speech-to-text is available (a key saved in Settings, say),
 * waiting recordings are transcribed and their thoughts show the text.
 */
function useVoiceNotes(thoughts: Thought[] | undefined) {
  const queryClient = useQueryClient();
  const status = useAiStatus();
  const recordings = useRecordings();
  const list = recordings.data?.recordings ?? [];
  const byThought = useMemo(() => new Map(list.map((r) => [r.thoughtId, { pending: r.pending }])), [list]);
  const pendingCount = list.filter((r) => r.pending).length;
  const asked = useRef(false);

  useEffect(() => {
    if (!status.data?.transcription || pendingCount === 0 || asked.current) return;
    asked.current = true;
    apiRequest("POST", "/api/ai/transcribe-pending")
      .catch((error: unknown) => console.warn("Transcribing kept recordings failed", error))
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: THOUGHTS_KEY });
        void queryClient.invalidateQueries({ queryKey: RECORDINGS_KEY });
      });
  }, [status.data?.transcription, pendingCount, queryClient]);

  // Transcribed elsewhere (in the background after a key was saved): the cached text is old.
  const stale = (thoughts ?? []).some(
    (t) => t.content === PENDING_VOICE_NOTE && byThought.get(t.id)?.pending === false,
  );
  useEffect(() => {
    if (stale) void queryClient.invalidateQueries({ queryKey: THOUGHTS_KEY });
  }, [stale, queryClient]);

  return byThought;
}

function useConvert() {
  const { user } = useAuth();
  const createTask = useCreateTask();
  const createQuickWin = useCreateQuickWin();
  const update = useUpdateThought();
  return async (thought: Thought, target: Target) => {
    if (!user) return;
    const text = thought.content.trim().slice(0, 200);
    try {
      if (target === "task") {
        const task = await createTask.mutateAsync({ title: text, userId: user.id });
        await update.mutateAsync({ id: thought.id, status: "converted", convertedTo: `focus task #${task.id}` });
        toast({ title: "Converted", description: "The thought is now a focus task." });
      } else {
        const win = await createQuickWin.mutateAsync({ text, userId: user.id });
        await update.mutateAsync({ id: thought.id, status: "converted", convertedTo: `quick win #${win.id}` });
        toast({ title: "Converted", description: "The thought is now a quick win." });
      }
    } catch {
      toast({ title: "Error", description: "Could not convert the thought.", variant: "destructive" });
    }
  };
}

function SortWithMe({
  open,
  onOpenChange,
  thoughts,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  thoughts: Thought[];
}) {
  const [index, setIndex] = useState(0);
  const convert = useConvert();
  const update = useUpdateThought();
  const current = thoughts[index] ?? null;
  useEffect(() => {
    if (open) setIndex(0);
  }, [open]);

  const act = async (action: "task" | "quick-win" | "archive" | "skip") => {
    if (!current) return;
    if (action === "archive") await update.mutateAsync({ id: current.id, status: "archived" }).catch(() => undefined);
    else if (action !== "skip") await convert(current, action);
    // Acting on a thought removes it from the list, so only a skip moves the cursor.
    if (action === "skip") setIndex((i) => i + 1);
  };

  const actRef = useRef(act);
  actRef.current = act;
  useEffect(() => {
    if (!open) return;
    const keys: Record<string, "task" | "quick-win" | "archive" | "skip"> = {
      t: "task",
      q: "quick-win",
      a: "archive",
      s: "skip",
    };
    const onKey = (e: KeyboardEvent) => {
      const action = keys[e.key.toLowerCase()];
      if (!action || e.ctrlKey || e.metaKey || e.altKey || e.target instanceof HTMLInputElement) return;
      e.preventDefault();
      void actRef.current(action);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const proposal = current?.type === "Task" ? "a focus task" : current?.type === "Reminder" ? "a quick win" : "archive";
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sort with Me"
      description="One thought at a time. Decide, then move on."
    >
      {current ? (
        <div className="grid gap-4">
          <p className="text-sm text-muted">
            {index + 1} of {thoughts.length} · {current.type}
          </p>
          <p className="rounded-xl bg-accent p-4 whitespace-pre-wrap break-words">{current.content}</p>
          <p className="text-sm">Suggestion: make it {proposal}.</p>
          <div className="grid grid-cols-2 gap-2">
            <Button onClick={() => act("task")}>Focus task (T)</Button>
            <Button variant="secondary" onClick={() => act("quick-win")}>
              Quick win (Q)
            </Button>
            <Button variant="outline" onClick={() => act("archive")}>
              Archive (A)
            </Button>
            <Button variant="ghost" onClick={() => act("skip")}>
              Skip (S)
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-4">
          <p>All sorted. Nice work.</p>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </div>
      )}
    </Dialog>
  );
}

export function InboxPage() {
  const { user } = useAuth();
  const thoughts = useThoughts();
  const voiceNotes = useVoiceNotes(thoughts.data);
  const update = useUpdateThought();
  const convert = useConvert();
  const [view, setView] = useState<"inbox" | "archived">("inbox");
  const [converting, setConverting] = useState<Thought | null>(null);
  const [sorting, setSorting] = useState(false);
  const all = thoughts.data ?? [];
  const inbox = all.filter((t) => t.status === "inbox");
  const archived = all.filter((t) => t.status === "archived");
  const tabs = ["All", ...THOUGHT_TYPES] as const;

  const archive = async (t: Thought, status: "archived" | "inbox") => {
    try {
      await update.mutateAsync({ id: t.id, status });
      toast({ title: status === "archived" ? "Archived" : "Restored" });
    } catch {
      toast({ title: "Error", description: "Could not update the thought.", variant: "destructive" });
    }
  };

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Capture Inbox</h1>
          <p className="mt-1 text-muted">Everything you dropped here, waiting to be sorted.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => setView(view === "inbox" ? "archived" : "inbox")}
            aria-pressed={view === "archived"}
          >
            <Archive className="size-4" aria-hidden />
            {view === "inbox" ? `Archived (${archived.length})` : "Back to inbox"}
          </Button>
          <Button onClick={() => setSorting(true)} disabled={inbox.length === 0}>
            <ListChecks className="size-4" aria-hidden />
            Sort with Me
          </Button>
        </div>
      </header>

      <QuickCapture requireUser={() => requireUser(user, "thought")} />

      {view === "archived" ? (
        <section aria-labelledby="archived-title" className="grid gap-3">
          <h2 id="archived-title" className="text-xl font-semibold">
            Archived
          </h2>
          {archived.length === 0 ? (
            <p className="text-muted">Nothing archived.</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {archived.map((t) => (
                <ThoughtCard
                  key={t.id}
                  thought={t}
                  recording={voiceNotes.get(t.id)}
                  actions={
                    <Button variant="outline" size="sm" onClick={() => archive(t, "inbox")}>
                      <ArchiveRestore className="size-4" aria-hidden />
                      Restore
                    </Button>
                  }
                />
              ))}
            </ul>
          )}
        </section>
      ) : (
        <Tabs.Root defaultValue="All" className="grid gap-4">
          <Tabs.List aria-label="Thought types" className="flex flex-wrap gap-1 rounded-xl bg-accent p-1">
            {tabs.map((tab) => {
              const count = tab === "All" ? inbox.length : inbox.filter((t) => t.type === tab).length;
              return (
                <Tabs.Trigger
                  key={tab}
                  value={tab}
                  className="flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium text-muted data-[state=active]:bg-card data-[state=active]:text-fg data-[state=active]:shadow-sm"
                >
                  {tab}
                  <span className="rounded-full bg-bg px-2 text-xs text-fg">{count}</span>
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {tabs.map((tab) => {
            const list = tab === "All" ? inbox : inbox.filter((t) => t.type === tab);
            return (
              <Tabs.Content key={tab} value={tab}>
                {thoughts.isPending ? (
                  <div className="h-28 animate-pulse rounded-2xl bg-accent" aria-hidden />
                ) : list.length === 0 ? (
                  <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted">
                    Your inbox is empty
                  </p>
                ) : (
                  <ul className="grid gap-3 md:grid-cols-2">
                    {list.map((t) => (
                      <ThoughtCard
                        key={t.id}
                        thought={t}
                        recording={voiceNotes.get(t.id)}
                        actions={
                          <>
                            <Button variant="outline" size="sm" onClick={() => setConverting(t)}>
                              <ArrowRightLeft className="size-4" aria-hidden />
                              Convert
                            </Button>
                            <Button variant="ghost" size="sm" onClick={() => archive(t, "archived")}>
                              <Archive className="size-4" aria-hidden />
                              Archive
                            </Button>
                          </>
                        }
                      />
                    ))}
                  </ul>
                )}
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}

      <Dialog
        open={converting !== null}
        onOpenChange={(o) => !o && setConverting(null)}
        title="Convert thought"
        description="Turn this thought into something you can act on."
      >
        <div className="grid gap-2">
          <Button
            onClick={async () => {
              if (converting) await convert(converting, "task");
              setConverting(null);
            }}
          >
            <ListChecks className="size-4" aria-hidden />
            Convert to focus task
          </Button>
          <Button
            variant="secondary"
            onClick={async () => {
              if (converting) await convert(converting, "quick-win");
              setConverting(null);
            }}
          >
            <Zap className="size-4" aria-hidden />
            Convert to quick win
          </Button>
        </div>
      </Dialog>
      <SortWithMe open={sorting} onOpenChange={setSorting} thoughts={inbox} />
    </div>
  );
}
