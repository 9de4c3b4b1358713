import { useQueryClient } from "@tanstack/react-query";
import { ChevronDown, CloudUpload } from "lucide-react";
import { useEffect, useRef } from "react";
import { readAgain } from "../lib/list-cache.ts";
import {
  isCreate,
  isDelete,
  listOf,
  putBack,
  sendWaiting,
  stopShowingWaiting,
  takeBack,
  useWaitingWrites,
  type WaitingWrite,
} from "../lib/outbox.ts";
import { keepRefusedWords } from "../lib/refused-words.ts";
import { keepUnsentDeletes } from "../lib/undoable.ts";
import {
  type KeptRecording,
  keepAgain,
  recordedAt,
  showKeptRecordings,
  stopShowingKeptRecordings,
  takeBackRecording,
  useKeptRecordings,
} from "../lib/voice-outbox.ts";
import { RefusedWordsList } from "./refused-words.tsx";
import { inToast, toast } from "./ui/toast-store.ts";

const TAKE_BACK_CLASS =
  "shrink-0 rounded-md px-2 py-1 text-sm font-medium text-primary hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--primary)]";

/**
 * Sends what waits on this device (web/lib/outbox.ts) when the app starts and whenever the
 * connection comes back, and says calmly how much is still waiting.
 */
export function WaitingWrites({ userId }: { userId: number | undefined }) {
  const queryClient = useQueryClient();
  const waiting = useWaitingWrites();
  // Voice notes that could not be sent wait in a queue of their own (web/lib/voice-outbox.ts).
  const recordings = useKeptRecordings();
  const count = waiting.length + recordings.length;
  const summary = useRef<HTMLElement>(null);

  // The button is gone: focus goes to what is left of the list, or to the screen's main part.
  const focusAfterTakingBack = (left: number) => {
    if (left > 0) summary.current?.focus();
    else document.getElementById("main")?.focus();
  };
  /** Its lists read again: a taken-back create's rows leave them, a delete's row comes back. */
  const readListsOf = (write: WaitingWrite) => {
    for (const list of [listOf(write), write.also?.list]) {
      if (list !== undefined) void queryClient.invalidateQueries({ queryKey: [list] });
    }
  };

  /** Taken back too late: it was sent first, and is now `done` where the server has it. */
  const alreadySent = (done: string) =>
    toast({ title: "Already sent", description: `The connection came back first: it is ${done}.` });

  /** Something new taken back, with Undo, which keeps it again (`keep`). */
  const notAdded = (description: string, keep: () => Promise<void>, left: number) => {
    toast({
      title: "Not added",
      description,
      action: {
        label: "Undo",
        altText: "Add it again",
        onClick: () =>
          void keep().catch(() =>
            toast({ title: "Error", description: "Could not keep this on your device.", variant: "destructive" }),
          ),
      },
    });
    focusAfterTakingBack(left);
  };

  // A delete still waiting can be taken back: the row comes back as the server still has it. So
  // can a routine's skip of today, which keeps the routine on today's list.
  const bringBack = async (write: WaitingWrite) => {
    const left = count - 1;
    const skip = write.action === "Skip today";
    if (!(await takeBack(write))) return alreadySent(skip ? "skipped for today" : "deleted");
    readListsOf(write);
    toast(
      skip
        ? { title: "Not skipped", description: `"${inToast(write.label)}" is back on today's list.` }
        : { title: "Not deleted", description: `"${inToast(write.label)}" is back where it was.` },
    );
    focusAfterTakingBack(left);
  };

  // Something new still waiting can be taken back too, with what was done to it since (its
  // tick), and kept again with Undo (docs/decisions/087-taking-back-something-new.md).
  const doNotAdd = async (write: WaitingWrite) => {
    const taken = await takeBack(write);
    if (!taken) return alreadySent("added");
    readListsOf(write);
    const keep = () => putBack(taken).then(() => readListsOf(write));
    notAdded(`"${inToast(write.label)}" will not be sent.`, keep, count - taken.length);
  };

  // So can a voice note (docs/decisions/088-a-voice-note-that-waits.md).
  const doNotAddRecording = async (recording: KeptRecording) => {
    const taken = await takeBackRecording(recording.id);
    if (!taken) return alreadySent("in your inbox");
    const keep = () => keepAgain(taken);
    notAdded(`The voice note recorded ${recordedAt(recording)} will not be sent.`, keep, count - 1);
  };

  useEffect(() => {
    if (userId === undefined) return;
    const send = () =>
      void sendWaiting(userId, {
        // Its lists, and what is read of their records (a project's own page, which a thought
        // converted into one of its tasks changes), are read again.
        onSent: (write) => {
          const lists = [listOf(write), write.also?.list].filter((l) => l !== undefined);
          // A first read of the page may have left before this write: it is made again.
          void readAgain(queryClient, {
            predicate: ({ queryKey: [key] }) =>
              typeof key === "string" && lists.some((list) => key === list || key.startsWith(`${list}/`)),
          });
        },
        // What the person typed is kept on this device until they let it go (decision 084).
        onRefused: (write, reason) => {
          const said = `"${write.label.slice(0, 30)}" wasn't accepted${reason ? `: ${reason.replace(/\.$/, "")}` : ""}.`;
          toast({
            title: "One thing couldn't be saved",
            description: keepRefusedWords(write, reason)
              ? `${said} Your words are kept at the top of the screen.`
              : said,
            variant: "destructive",
          });
        },
      });
    // Deletes a page that is gone never sent (its toast still open) join what waits first.
    let live = true;
    const sendWhileShown = () => live && send();
    void keepUnsentDeletes(queryClient, userId, sendWhileShown).then(sendWhileShown);
    addEventListener("online", send);
    void showKeptRecordings(userId);
    return () => {
      live = false;
      removeEventListener("online", send);
      stopShowingWaiting();
      stopShowingKeptRecordings();
    };
  }, [userId, queryClient]);

  return (
    <>
      <div role="status" aria-live="polite">
        {count > 0 && (
          <details className="group mb-6 rounded-xl border border-border bg-card text-sm">
            <summary
              ref={summary}
              className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--primary)] [&::-webkit-details-marker]:hidden"
            >
              <CloudUpload className="size-4 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 flex-1">
                <span className="font-medium">Waiting to sync: {count}</span>
                <span className="text-muted"> — kept on this device and sent when the connection is back.</span>
              </span>
              <ChevronDown
                className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <ul className="grid gap-1 border-t border-border px-4 py-3" aria-label="What is waiting to sync">
              {waiting.map((w) => (
                <li key={w.id ?? w.key} className="flex min-w-0 items-baseline gap-2">
                  {w.action && <span className="shrink-0 text-muted">{w.action}:</span>}
                  <span className="min-w-0 flex-1 wrap-anywhere">{w.label}</span>
                  {isCreate(w) && (
                    <button
                      type="button"
                      aria-label={`Don't add ${w.label}`}
                      onClick={() => void doNotAdd(w)}
                      className={TAKE_BACK_CLASS}
                    >
                      Don't add
                    </button>
                  )}
                  {isDelete(w) && (
                    <button
                      type="button"
                      aria-label={`Bring back ${w.label}`}
                      onClick={() => void bringBack(w)}
                      className={TAKE_BACK_CLASS}
                    >
                      Bring back
                    </button>
                  )}
                </li>
              ))}
              {recordings.map((r) => (
                <li key={`recording-${r.id}`} className="flex min-w-0 items-baseline gap-2">
                  <span className="shrink-0 text-muted">Voice note:</span>
                  <span className="min-w-0 flex-1 wrap-anywhere">recorded {recordedAt(r)}</span>
                  <button
                    type="button"
                    aria-label={`Don't add the voice note recorded ${recordedAt(r)}`}
                    onClick={() => void doNotAddRecording(r)}
                    className={TAKE_BACK_CLASS}
                  >
                    Don't add
                  </button>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <RefusedWordsList userId={userId} />
    </>
  );
}
