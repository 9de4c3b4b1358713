import { useQueryClient } from "@tanstack/react-query";
import { Archive, ArchiveRestore, ArrowRightLeft, ExternalLink, Inbox, ListChecks } from "lucide-react";
import { Tabs } from "radix-ui";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { PENDING_VOICE_NOTE } from "../../shared/ai-schemas.ts";
import { THOUGHT_TYPES } from "../../shared/constants.ts";
import type { ConvertThoughtInput, Project, Thought } from "../../shared/schemas.ts";
import { requireUser, useAuth } from "../app/auth.tsx";
import { Button, buttonClass } from "../components/ui/button.tsx";
import { Dialog } from "../components/ui/dialog.tsx";
import { toast } from "../components/ui/toast-store.ts";
import { useTimeZone } from "../features/calendar/api.ts";
import { useProjects } from "../features/projects/api.ts";
import {
  THOUGHTS_KEY,
  type ThoughtType,
  useConvertThought,
  useThoughts,
  useUpdateThought,
} from "../features/thoughts/api.ts";
import { ConvertPanel } from "../features/thoughts/components/convert-panel.tsx";
import { QuickCapture } from "../features/thoughts/components/quick-capture.tsx";
import { SortWithMe } from "../features/thoughts/components/sort-with-me.tsx";
import { ThoughtCard } from "../features/thoughts/components/thought-card.tsx";
import { type ConvertTarget, conversionLink } from "../features/thoughts/converted.ts";
import { RECORDINGS_KEY, useAiStatus, useRecordings } from "../features/thoughts/voice.ts";
import { apiRequest, errorMessage } from "../lib/api.ts";
import { zonedNow } from "../lib/dates.ts";

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

/** Converts a thought on the server (the new record and the converted mark together) and says what it became. */
function useConvert() {
  const queryClient = useQueryClient();
  const convert = useConvertThought();
  /** Resolves to what the thought became, in words, or null when it failed (already said in a toast). */
  return async (
    thought: Thought,
    target: ConvertTarget,
    opts: { type?: ThoughtType; quiet?: boolean } = {},
  ): Promise<string | null> => {
    const retype = opts.type && opts.type !== thought.type ? { type: opts.type } : {};
    const input: ConvertThoughtInput =
      target.kind === "event"
        ? {
            to: "event",
            title: target.title,
            date: target.date,
            startTime: target.startTime || "09:00",
            allDay: target.allDay,
            ...retype,
          }
        : target.kind === "project"
          ? { to: "project", projectId: target.projectId, ...retype }
          : { to: target.kind, ...retype };
    try {
      const { target: made } = await convert.mutateAsync({ id: thought.id, input });
      const projectTitle = queryClient.getQueryData<Project[]>(["/api/projects"])?.find((p) => p.id === made.id)?.title;
      const description = {
        task: "The thought is now a focus task.",
        "quick-win": "The thought is now a quick win.",
        project: projectTitle ? `The thought is now a task in ${projectTitle}.` : "The thought is now a project task.",
        event: "The thought is now a calendar event.",
      }[made.kind];
      if (!opts.quiet) toast({ title: "Converted", description });
      return description;
    } catch (error) {
      toast({
        title: "Error",
        description: errorMessage(error, "Could not convert the thought."),
        variant: "destructive",
      });
      return null;
    }
  };
}

type View = "inbox" | "archived" | "converted";

export function InboxPage() {
  const { user } = useAuth();
  const thoughts = useThoughts();
  const voiceNotes = useVoiceNotes(thoughts.data);
  const update = useUpdateThought();
  const convert = useConvert();
  const projects = useProjects();
  const timeZone = useTimeZone();
  const today = zonedNow(new Date(), timeZone).date;
  const [view, setView] = useState<View>("inbox");
  const [converting, setConverting] = useState<Thought | null>(null);
  const [sorting, setSorting] = useState(false);
  const all = thoughts.data ?? [];
  const inbox = all.filter((t) => t.status === "inbox");
  const archived = all.filter((t) => t.status === "archived");
  const converted = all.filter((t) => t.status === "converted");
  const projectChoices = (projects.data ?? []).map((p) => ({ id: p.id, title: p.title }));
  const tabs = ["All", ...THOUGHT_TYPES] as const;

  const archive = async (t: Thought, status: "archived" | "inbox") => {
    try {
      await update.mutateAsync({ id: t.id, status });
      toast({ title: status === "archived" ? "Archived" : "Restored" });
    } catch {
      toast({ title: "Error", description: "Could not update the thought.", variant: "destructive" });
    }
  };

  const viewButton = (target: Exclude<View, "inbox">, label: string, count: number, icon: ReactNode) => (
    <Button
      variant="outline"
      onClick={() => setView(view === target ? "inbox" : target)}
      aria-pressed={view === target}
    >
      {icon}
      {`${label} (${count})`}
    </Button>
  );

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Capture Inbox</h1>
          <p className="mt-1 text-muted">Everything you dropped here, waiting to be sorted.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {view !== "inbox" && (
            <Button variant="ghost" onClick={() => setView("inbox")}>
              <Inbox className="size-4" aria-hidden />
              Back to inbox
            </Button>
          )}
          {viewButton("archived", "Archived", archived.length, <Archive className="size-4" aria-hidden />)}
          {viewButton("converted", "Converted", converted.length, <ArrowRightLeft className="size-4" aria-hidden />)}
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
      ) : view === "converted" ? (
        <section aria-labelledby="converted-title" className="grid gap-3">
          <h2 id="converted-title" className="text-xl font-semibold">
            Converted
          </h2>
          {converted.length === 0 ? (
            <p className="text-muted">Nothing converted yet.</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {converted.map((t) => {
                const link = conversionLink(t.convertedTo);
                return (
                  <ThoughtCard
                    key={t.id}
                    thought={t}
                    recording={voiceNotes.get(t.id)}
                    actions={
                      link && (
                        <Link to={link.href} className={buttonClass("outline", "sm")}>
                          <ExternalLink className="size-4" aria-hidden />
                          {link.linkText}
                        </Link>
                      )
                    }
                  />
                );
              })}
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
        {converting && (
          <ConvertPanel
            key={converting.id}
            thought={converting}
            projects={projectChoices}
            today={today}
            onCancel={() => setConverting(null)}
            onConvert={async (target) => {
              const done = (await convert(converting, target)) !== null;
              if (done) setConverting(null);
              return done;
            }}
          />
        )}
      </Dialog>
      {sorting && (
        <SortWithMe
          thoughts={all}
          projects={projectChoices}
          today={today}
          onConvert={convert}
          onClose={() => setSorting(false)}
        />
      )}
    </div>
  );
}
