import { Archive, ArchiveRestore, ArrowRightLeft, ExternalLink, Pencil, Trash2 } from "lucide-react";
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { THOUGHT_TYPES } from "../../../../shared/constants.ts";
import type { Thought } from "../../../../shared/schemas.ts";
import { useShownInSteps } from "../../../components/shown-in-steps.tsx";
import { Button, buttonClass } from "../../../components/ui/button.tsx";
import { noMatch } from "../../../lib/list-search.ts";
import { useWaitingCreates } from "../../../lib/outbox.ts";
import { useKeptRecordings } from "../../../lib/voice-outbox.ts";
import { conversionLink } from "../converted.ts";
import { ThoughtCard } from "./thought-card.tsx";

/**
 * The inbox's three lists. `recordings` tells which thoughts have a kept recording; `query` is what
 * the list was narrowed to (shared/search-words.ts), said when nothing matches.
 */
type ListProps = { thoughts: Thought[]; recordings: Map<number, { pending: boolean }>; query?: string };

/** Archived thoughts, each with Restore and Delete. */
export function ArchivedThoughts({
  thoughts: archived,
  recordings: voiceNotes,
  query = "",
  onRestore,
  onDelete,
}: ListProps & { onRestore: (thought: Thought) => void; onDelete: (thought: Thought, from: HTMLElement) => void }) {
  return (
    <section aria-labelledby="archived-title" className="grid gap-3">
      <h2 id="archived-title" tabIndex={-1} className="text-xl font-semibold outline-none">
        Archived
      </h2>
      {archived.length === 0 ? (
        <p className="text-muted">{query.trim() ? noMatch("thought here", query) : "Nothing archived."}</p>
      ) : (
        <ThoughtList thoughts={archived}>
          {(t) => (
            <ThoughtCard
              key={t.id}
              thought={t}
              recording={voiceNotes.get(t.id)}
              actions={(words) => (
                <>
                  <Button variant="outline" size="sm" aria-describedby={words} onClick={() => onRestore(t)}>
                    <ArchiveRestore className="size-4" aria-hidden />
                    Restore
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-describedby={words}
                    data-delete-thought=""
                    onClick={(e) => onDelete(t, e.currentTarget)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                    Delete
                  </Button>
                </>
              )}
            />
          )}
        </ThoughtList>
      )}
    </section>
  );
}

/** Converted thoughts, each with a link to what it became. */
export function ConvertedThoughts({ thoughts: converted, recordings: voiceNotes, query = "" }: ListProps) {
  return (
    <section aria-labelledby="converted-title" className="grid gap-3">
      <h2 id="converted-title" className="text-xl font-semibold">
        Converted
      </h2>
      {converted.length === 0 ? (
        <p className="text-muted">{query.trim() ? noMatch("thought here", query) : "Nothing converted yet."}</p>
      ) : (
        <ThoughtList thoughts={converted}>
          {(t) => {
            const link = conversionLink(t.convertedTo);
            return (
              <ThoughtCard
                key={t.id}
                thought={t}
                recording={voiceNotes.get(t.id)}
                actions={(words) =>
                  link ? (
                    <Link to={link.href} aria-describedby={words} className={buttonClass("outline", "sm")}>
                      <ExternalLink className="size-4" aria-hidden />
                      {link.linkText}
                    </Link>
                  ) : (
                    "waiting" in t && <span className="text-xs text-muted">Waiting to sync</span>
                  )
                }
              />
            );
          }}
        </ThoughtList>
      )}
    </section>
  );
}

/** A list of thought cards, a part at a time: hundreds of thoughts are not drawn at once. */
function ThoughtList({ thoughts, children }: { thoughts: Thought[]; children: (thought: Thought) => ReactNode }) {
  const { shown, listRef, showMore } = useShownInSteps(thoughts);
  return (
    <div className="grid gap-3">
      <ul ref={listRef} className="grid gap-3 md:grid-cols-2">
        {shown.map(children)}
      </ul>
      {showMore}
    </div>
  );
}

const TABS = ["All", ...THOUGHT_TYPES] as const;

/** Thoughts waiting in the inbox, by type, each with Convert, Edit and Archive. */
export function InboxThoughts({
  thoughts: inbox,
  recordings: voiceNotes,
  query = "",
  loading,
  onConvert,
  onEdit,
  onArchive,
}: ListProps & {
  loading: boolean;
  onConvert: (thought: Thought) => void;
  onEdit: (thought: Thought) => void;
  onArchive: (thought: Thought) => void;
}) {
  // Voice notes recorded here that the server has not taken yet count too.
  const waiting = useWaitingCreates("/api/thoughts").length + useKeptRecordings().length;
  return (
    <Tabs.Root defaultValue="All" className="grid gap-4">
      <Tabs.List aria-label="Thought types" className="flex flex-wrap gap-1 rounded-xl bg-accent p-1">
        {TABS.map((tab) => {
          const count = tab === "All" ? inbox.length : inbox.filter((t) => t.type === tab).length;
          return (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium text-muted data-[state=active]:bg-card data-[state=active]:text-fg data-[state=active]:shadow-sm"
            >
              {tab}
              <span data-count="" className="rounded-full bg-bg px-2 text-xs text-fg">
                {count}
              </span>
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {TABS.map((tab) => {
        const list = tab === "All" ? inbox : inbox.filter((t) => t.type === tab);
        return (
          <Tabs.Content key={tab} value={tab}>
            {loading ? (
              <div className="h-28 animate-pulse rounded-2xl bg-accent" aria-hidden />
            ) : list.length === 0 && query.trim() ? (
              <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted">
                {noMatch("thought here", query)}
              </p>
            ) : list.length === 0 ? (
              // Thoughts waiting to sync show above: the inbox is not empty for the person.
              (tab !== "All" || waiting === 0) && (
                <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted">
                  Your inbox is empty
                </p>
              )
            ) : (
              <ThoughtList thoughts={list}>
                {(t) => (
                  <ThoughtCard
                    key={t.id}
                    thought={t}
                    recording={voiceNotes.get(t.id)}
                    actions={(words) => (
                      <>
                        <Button variant="outline" size="sm" aria-describedby={words} onClick={() => onConvert(t)}>
                          <ArrowRightLeft className="size-4" aria-hidden />
                          Convert
                        </Button>
                        <Button
                          id={`edit-thought-${t.id}`}
                          variant="ghost"
                          size="sm"
                          aria-describedby={words}
                          onClick={() => onEdit(t)}
                        >
                          <Pencil className="size-4" aria-hidden />
                          Edit
                        </Button>
                        <Button variant="ghost" size="sm" aria-describedby={words} onClick={() => onArchive(t)}>
                          <Archive className="size-4" aria-hidden />
                          Archive
                        </Button>
                      </>
                    )}
                  />
                )}
              </ThoughtList>
            )}
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}
