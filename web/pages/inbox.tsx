import { Archive, ArrowRightLeft, Inbox, ListChecks } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { Thought } from "../../shared/schemas.ts";
import { wordsMatcher } from "../../shared/search-words.ts";
import { requireUser, useAuth } from "../app/auth.tsx";
import { FindBox } from "../components/find-box.tsx";
import { LabelCount } from "../components/label-count.tsx";
import { ListLoadFailed } from "../components/list-load-failed.tsx";
import { Button } from "../components/ui/button.tsx";
import { Dialog } from "../components/ui/dialog.tsx";
import { WaitingRows } from "../components/waiting-rows.tsx";
import { useProjects, useShownProjects } from "../features/projects/api.ts";
import { useTimeZone } from "../features/settings/api.ts";
import { thoughtWords, useDeleteThought, useShownThoughts, useThoughts } from "../features/thoughts/api.ts";
import { ConvertPanel } from "../features/thoughts/components/convert-panel.tsx";
import { EditThoughtDialog } from "../features/thoughts/components/edit-thought-dialog.tsx";
import { ArchivedThoughts, ConvertedThoughts, InboxThoughts } from "../features/thoughts/components/inbox-lists.tsx";
import { QuickCapture } from "../features/thoughts/components/quick-capture.tsx";
import { SortWithMe } from "../features/thoughts/components/sort-with-me.tsx";
import { WaitingVoiceNotes } from "../features/thoughts/components/waiting-voice-notes.tsx";
import { useArchive, useConvert } from "../features/thoughts/inbox-actions.ts";
import { useVoiceNotes } from "../features/thoughts/use-voice-notes.ts";
import { zonedNow } from "../lib/dates.ts";
import { focusNextRow, useFocusWhenSettled } from "../lib/focus-next.ts";
import { queryKeys } from "../lib/query-keys.ts";

type View = "inbox" | "archived" | "converted";

export function InboxPage() {
  const { user } = useAuth();
  const thoughts = useThoughts();
  const voiceNotes = useVoiceNotes(thoughts.data);
  const archive = useArchive();
  const convert = useConvert();
  const projects = useProjects();
  const timeZone = useTimeZone();
  const today = zonedNow(new Date(), timeZone).date;
  const [view, setView] = useState<View>("inbox");
  const [converting, setConverting] = useState<Thought | null>(null);
  const [sorting, setSorting] = useState(false);
  const [editing, setEditing] = useState<Thought | null>(null);
  // Once the list is read again after an edit, focus goes back to the thought's Edit button, or,
  // when a new type took it out of the tab on show, to that tab.
  const focusLater = useFocusWhenSettled(!thoughts.isFetching);
  const remove = useDeleteThought();
  // Not those deleted a moment ago, while their toast can still bring them back.
  const all = useShownThoughts(thoughts.data ?? []);
  // What the find box narrows the lists to; the Archived and Converted counts stay whole.
  const [query, setQuery] = useState("");
  const matches = wordsMatcher(query);
  const found = all.filter((t) => matches(thoughtWords(t)));
  const inbox = found.filter((t) => t.status === "inbox");
  const archived = found.filter((t) => t.status === "archived");
  const converted = found.filter((t) => t.status === "converted");
  const countOf = (status: Thought["status"]) => all.filter((t) => t.status === status).length;
  // Not a project deleted a moment ago: a task converted into it would go with it.
  const projectChoices = useShownProjects(projects.data ?? []).map((p) => ({ id: p.id, title: p.title }));

  const viewButton = (target: Exclude<View, "inbox">, label: string, count: number, icon: ReactNode) => (
    <Button
      variant="outline"
      onClick={() => setView(view === target ? "inbox" : target)}
      aria-pressed={view === target}
    >
      {icon}
      {label}
      <LabelCount n={count} />
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
          {viewButton("archived", "Archived", countOf("archived"), <Archive className="size-4" aria-hidden />)}
          {viewButton(
            "converted",
            "Converted",
            countOf("converted"),
            <ArrowRightLeft className="size-4" aria-hidden />,
          )}
          <Button onClick={() => setSorting(true)} disabled={countOf("inbox") === 0}>
            <ListChecks className="size-4" aria-hidden />
            Sort with Me
          </Button>
        </div>
      </header>

      <QuickCapture requireUser={() => requireUser(user, "thought")} />
      {/* What waits will reach the inbox: Archived and Converted show only what is there. */}
      {view === "inbox" && (
        <>
          <WaitingRows
            list={queryKeys.thoughts[0]}
            label="Thoughts waiting to sync"
            // Found as the saved ones are, while the lists are searched.
            matches={matches}
            className="rounded-2xl border border-border bg-card p-2"
          />
          <WaitingVoiceNotes />
        </>
      )}

      {all.length > 0 && <FindBox label="Find a thought" value={query} onChange={setQuery} />}

      {thoughts.isError && !thoughts.data ? (
        <section aria-label="Thoughts" className="rounded-2xl border border-border bg-card p-[min(1.25rem,20px)]">
          <ListLoadFailed onRetry={() => void thoughts.refetch()} />
        </section>
      ) : view === "archived" ? (
        <ArchivedThoughts
          thoughts={archived}
          query={query}
          recordings={voiceNotes}
          onRestore={(t) => archive(t, "inbox")}
          onDelete={(t, from) => {
            // Focus moves to the next thought's Delete before this one leaves, never to the page.
            focusNextRow(from, "[data-delete-thought]", "archived-title");
            remove(t);
          }}
        />
      ) : view === "converted" ? (
        <ConvertedThoughts thoughts={converted} query={query} recordings={voiceNotes} />
      ) : (
        <InboxThoughts
          thoughts={inbox}
          query={query}
          recordings={voiceNotes}
          loading={thoughts.isPending}
          onConvert={setConverting}
          onEdit={setEditing}
          onArchive={(t) => archive(t, "archived")}
        />
      )}

      {editing && (
        <EditThoughtDialog
          key={editing.id}
          thought={editing}
          waitingForWords={voiceNotes.get(editing.id)?.pending === true}
          onClose={() => {
            focusLater({ id: `edit-thought-${editing.id}`, otherwise: '[role="tab"][aria-selected="true"]' });
            setEditing(null);
          }}
        />
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
