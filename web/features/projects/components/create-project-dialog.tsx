import { Plus, Sparkles, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { User } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Field, Input, Textarea } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { ApiError, errorMessage, limitReason } from "../../../lib/api.ts";
import { useOneAtATime } from "../../../lib/one-at-a-time.ts";
import { SAVED_OFFLINE } from "../../../lib/outbox.ts";
import { suggestProjectTasks, useCreateProject } from "../api.ts";
import { useNewProjectDraft } from "../draft.ts";
import { type Bucket, ProjectFields } from "./project-fields.tsx";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialBucket: Bucket;
  user: User | null;
  requireUser: () => boolean;
};

/**
 * Create Project. What is typed is kept through a reload or a closed dialog until the project is
 * created or Cancel pressed (docs/decisions/045-dialog-drafts.md).
 */
export function CreateProjectDialog({ open, onOpenChange, initialBucket, user, requireUser }: Props) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const { values, change, clear } = useNewProjectDraft();
  const { title, description, notes, deadline, tasks, newTask } = values;
  const [bucket, setBucket] = useState<Bucket>(initialBucket);
  const [generating, setGenerating] = useState(false);
  const [received, setReceived] = useState<number | null>(null);

  // The category is the one of the button or tile that opened the dialog, a kept draft or not.
  useEffect(() => {
    if (open) setBucket(initialBucket);
  }, [open, initialBucket]);

  const reset = () => {
    clear();
    setBucket("work");
    setReceived(null);
  };

  const addTask = () => {
    const t = newTask.trim();
    if (!t) return;
    change((now) => ({ tasks: [...now.tasks, t], newTask: "" }));
  };

  const generate = async () => {
    if (!title.trim()) {
      toast({ title: "Missing title", description: "Please enter a project title first.", variant: "destructive" });
      return;
    }
    setGenerating(true);
    try {
      const suggested = await suggestProjectTasks({
        title: title.trim(),
        description: description.trim() || null,
        category: bucket,
      });
      setReceived(suggested.length);
      change((now) => ({ tasks: [...now.tasks, ...suggested.filter((s) => !now.tasks.includes(s))] }));
      toast({ title: "Tasks generated", description: "AI has suggested tasks for your project." });
    } catch {
      toast({
        title: "Error generating tasks",
        description: "Could not generate task suggestions. Please try again later.",
        variant: "destructive",
      });
    } finally {
      setGenerating(false);
    }
  };

  const submit = useOneAtATime(async () => {
    if (!title.trim()) return;
    if (!requireUser() || !user) return;
    try {
      const made = await create.mutateAsync({
        title: title.trim(),
        description: description.trim() || null,
        notes: notes.trim() ? notes : null,
        bucket,
        deadline: deadline || null,
        tasks: tasks.map((t, i) => ({ id: i + 1, title: t, completed: false })),
        progress: 0,
        userId: user.id,
      });
      reset();
      onOpenChange(false);
      // Kept on this device: it waits in its category, to be opened once it is made.
      if (!made.saved) {
        toast(SAVED_OFFLINE);
        return;
      }
      toast({ title: "Project created", description: "Your new project has been created successfully." });
      navigate(`/project-detail/${made.saved.id}`);
    } catch (error) {
      // The server's refusal is shown as it is; anything else (no answer, and nowhere to keep it) says what failed.
      toast(
        error instanceof ApiError
          ? {
              title: "Error Adding Project",
              description: limitReason(error) ?? errorMessage(error, "Could not save project."),
              variant: "destructive",
            }
          : { title: "Error", description: `Failed to create project: ${errorMessage(error)}`, variant: "destructive" },
      );
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Project"
      description="Give it a name; everything else can wait."
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ProjectFields
          values={{ title, description, bucket, deadline }}
          onChange={({ bucket: chosen, ...words }) => {
            if (chosen) setBucket(chosen);
            change(words);
          }}
          afterDescription={
            <Field id="project-notes" label="Notes (optional)">
              <Textarea
                id="project-notes"
                className="min-h-16"
                value={notes}
                onChange={(e) => change({ notes: e.target.value })}
              />
            </Field>
          }
        />
        {/* Named by its heading: a legend inside the row beside the button would not name the group. */}
        <fieldset className="grid gap-2" aria-labelledby="project-tasks">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span id="project-tasks" className="text-sm font-medium">
              Tasks
            </span>
            <Button
              variant="outline"
              size="sm"
              className="h-auto min-h-9 max-w-full py-1.5"
              onClick={generate}
              disabled={generating}
            >
              <Sparkles className="size-4" aria-hidden />
              {generating ? "Generating..." : "Get AI suggestions"}
            </Button>
          </div>
          {received !== null && <p className="text-sm text-muted">Tasks received: {received}</p>}
          {tasks.length > 0 && (
            <ul className="grid gap-1">
              {tasks.map((t, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: titles may repeat; their order is their identity
                <li key={`${i}-${t}`} className="flex items-center gap-2 rounded-lg bg-accent px-3 py-1.5 text-sm">
                  <span className="flex-1">{t}</span>
                  <button
                    type="button"
                    aria-label={`Remove ${t}`}
                    className="rounded p-1 text-muted hover:text-fg"
                    onClick={() => change((now) => ({ tasks: now.tasks.filter((_, j) => j !== i) }))}
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="flex gap-2">
            <Input
              aria-label="New project task"
              placeholder="Add a task..."
              value={newTask}
              onChange={(e) => change({ newTask: e.target.value })}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  addTask();
                }
              }}
            />
            <Button
              variant="outline"
              size="icon"
              aria-label="Add project task"
              disabled={!newTask.trim()}
              onClick={addTask}
            >
              <Plus className="size-5" aria-hidden />
            </Button>
          </div>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button
            variant="outline"
            onClick={() => {
              // While the project is on its way its words stay until it is made (as in Add Task).
              if (!create.isPending) reset();
              onOpenChange(false);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={!title.trim() || create.isPending}>
            Create Project
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
