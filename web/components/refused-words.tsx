import { useQueryClient } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useRef } from "react";
import { api, limitReason } from "../lib/api.ts";
import { useOneAtATime } from "../lib/one-at-a-time.ts";
import { createOrKeep, SAVED_OFFLINE } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";
import { asThought, fitsTheInbox, letGoOfRefused, type RefusedWords, useRefusedWords } from "../lib/refused-words.ts";
import { Button } from "./ui/button.tsx";
import { inToast, toast } from "./ui/toast-store.ts";

const THOUGHTS = queryKeys.thoughts[0];

/**
 * What the server refused of what waited on this device, in the person's own words, until they
 * catch it in the inbox or dismiss it (docs/decisions/084-refused-words-are-kept.md).
 */
export function RefusedWordsList({ userId }: { userId: number | undefined }) {
  const queryClient = useQueryClient();
  const kept = useRefusedWords(userId);
  const list = useRef<HTMLElement>(null);

  // The item's buttons are gone: focus goes to what is left of the list, or to the screen's main part.
  const gone = () => {
    if (kept.length > 1) list.current?.focus();
    else document.getElementById("main")?.focus();
  };

  const addToInbox = useOneAtATime(async (item: RefusedWords) => {
    const body = { content: asThought(item), type: "Note" };
    try {
      const made = await createOrKeep(
        { userId: item.userId, path: THOUGHTS, body, label: item.words, action: "Thought" },
        (key) => api.post(THOUGHTS, body, { idempotencyKey: key }),
      );
      letGoOfRefused(item);
      void queryClient.invalidateQueries({ queryKey: queryKeys.thoughts });
      toast(
        made.waiting
          ? SAVED_OFFLINE
          : { title: "Added to your inbox", description: `"${inToast(item.words)}" is in your inbox.` },
      );
      gone();
    } catch (error) {
      toast({
        title: "Error adding thought",
        description: limitReason(error) ?? "Could not save thought.",
        variant: "destructive",
      });
    }
  });

  if (kept.length === 0) return null;
  return (
    <section
      ref={list}
      tabIndex={-1}
      aria-labelledby="refused-words-title"
      className="mb-6 rounded-xl border border-border bg-card px-4 py-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--primary)]"
    >
      <p id="refused-words-title" className="flex items-center gap-2 font-medium">
        <FileText className="size-4 shrink-0 text-primary" aria-hidden />
        Couldn't be saved: {kept.length}
      </p>
      <p className="mt-1 text-muted">
        Your words are kept here, on this device, until you add them to your inbox or dismiss them.
      </p>
      <ul className="mt-3 grid gap-2">
        {kept.map((item) => (
          <li key={item.key} className="min-w-0 rounded-lg border border-border px-3 py-2">
            <p className="wrap-anywhere whitespace-pre-wrap">
              <span className="text-muted">{item.action}: </span>
              {item.words}
            </p>
            {item.more.map((words) => (
              <p key={words} className="mt-1 wrap-anywhere whitespace-pre-wrap text-muted">
                {words}
              </p>
            ))}
            {item.reason && <p className="mt-1 wrap-anywhere text-xs text-muted">Not accepted: {item.reason}</p>}
            <div className="mt-2 flex flex-wrap gap-2">
              {fitsTheInbox(item) && (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Add "${item.words}" to your inbox`}
                  onClick={() => void addToInbox(item)}
                >
                  Add to inbox
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Dismiss "${item.words}"`}
                onClick={() => {
                  letGoOfRefused(item);
                  gone();
                }}
              >
                Dismiss
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
