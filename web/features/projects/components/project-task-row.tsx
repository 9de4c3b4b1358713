import { Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { ProjectTask } from "../../../../shared/schemas.ts";
import { Input } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";
import { useFocusWhenSettled } from "../../../lib/focus-next.ts";

/** One task of a project: tick it, rename it in place (Enter saves, Escape cancels), delete it. */
export function ProjectTaskRow({
  task,
  waiting = false,
  onToggle,
  onRename,
  onDelete,
}: {
  task: ProjectTask;
  /** Added, ticked or renamed on this device, the change still waiting to be sent (decision 089). */
  waiting?: boolean;
  onToggle: () => void;
  /** Answers whether the new title was saved: when it was not, the box stays open with it. */
  onRename: (title: string) => Promise<boolean>;
  /** `from` is the Delete button pressed. */
  onDelete: (from: HTMLElement) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(task.title);
  // Renamed (Enter) or left as it was (Escape), the box goes and its Edit button comes back: focus
  // goes to it, where it was before, rather than to the page's body. Not when the box lost focus
  // to something else.
  const editId = useId();
  const focusOnceClosed = useFocusWhenSettled(!editing);

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-2 py-2 hover:bg-accent">
      {/* The title keeps at least 8 rem beside Edit and Delete; narrower (larger text), those go under it. */}
      <div className="flex min-w-[min(8rem,100%)] flex-1 items-center gap-3">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-[var(--primary)]"
          checked={task.completed}
          onChange={onToggle}
          aria-label={`Mark ${task.title} ${task.completed ? "incomplete" : "complete"}`}
        />
        {editing ? (
          <Input
            aria-label="Edit task title"
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={async (e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                setDraft(task.title);
                focusOnceClosed({ id: editId });
                setEditing(false);
              } else if (e.key === "Enter") {
                e.preventDefault();
                if (!draft.trim()) return;
                // Not saved (the connection dropped): the words typed stay, for Enter to send again.
                if (await onRename(draft.trim())) {
                  focusOnceClosed({ id: editId });
                  setEditing(false);
                }
              }
            }}
            onBlur={() => {
              setDraft(task.title);
              setEditing(false);
            }}
            className="h-9"
          />
        ) : (
          <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-2">
            <span className={cn("min-w-0 wrap-anywhere", task.completed && "text-muted line-through")}>
              {task.title}
            </span>
            {waiting && <span className="text-xs whitespace-nowrap text-muted">Waiting to sync</span>}
          </span>
        )}
      </div>
      {!editing && (
        <div className="ml-auto flex shrink-0 gap-3">
          <button
            id={editId}
            type="button"
            aria-label={`Edit ${task.title}`}
            className="shrink-0 rounded-md p-1.5 text-muted hover:text-fg"
            onClick={() => {
              setDraft(task.title);
              setEditing(true);
            }}
          >
            <Pencil className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            aria-label={`Delete ${task.title}`}
            data-project-task-delete=""
            className="shrink-0 rounded-md p-1.5 text-muted hover:text-danger"
            onClick={(e) => onDelete(e.currentTarget)}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </li>
  );
}
