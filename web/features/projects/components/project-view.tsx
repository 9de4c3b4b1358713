import { ArrowLeft, Loader2, Pencil, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { PROJECT_TASK_LIST_HEIGHT_PX, projectProgress } from "../../../../shared/constants.ts";
import type { Project } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../../../components/ui/card.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { WaitingMark } from "../../../components/waiting-mark.tsx";
import { limitReason } from "../../../lib/api.ts";
import { formatDisplayDate } from "../../../lib/dates.ts";
import { type DraftRules, useDraft } from "../../../lib/draft.ts";
import { nearestStayingRow } from "../../../lib/focus-next.ts";
import { useOneAfterAnother } from "../../../lib/one-after-another.ts";
import { useWaitingWrites } from "../../../lib/outbox.ts";
import { tasksChanged, tasksWere, withProgress } from "../../../lib/project-merge.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { CHANGE_KEPT_OFFLINE } from "../../../lib/waiting-change.ts";
import {
  bucketClass,
  capitalize,
  type NotesChange,
  NotesChangedElsewhere,
  type ProjectPatch,
  type TasksChange,
  useDeleteProject,
  useUpdateProject,
} from "../api.ts";
import { projectNotesDraft, useNewProjectTask } from "../draft.ts";
import { EditProjectDialog } from "./edit-project-dialog.tsx";
import { ProgressBar } from "./project-card.tsx";
import { ProjectTaskRow } from "./project-task-row.tsx";

/**
 * The spec's 400 px at normal text; with larger text it grows with the words (25 rem is 400 px at
 * 16 px), up to three quarters of the screen, so a task or two is not all it shows and the page can
 * still be scrolled beside it (docs/decisions/080-a-project-task-list-grows-with-its-words.md).
 */
const TASK_LIST_HEIGHT = `max(${PROJECT_TASK_LIST_HEIGHT_PX}px, min(${PROJECT_TASK_LIST_HEIGHT_PX / 16}rem, 75dvh))`;

function fail(description: string) {
  toast({ title: "Error", description, variant: "destructive" });
}

/**
 * The notes being edited: the words, and the notes as they were when editing began. Kept on this
 * device while they differ (docs/decisions/043-capture-drafts.md), so a reload or a closed tab
 * finds the card still editing them.
 */
type NotesDraft = { editing: boolean; text: string; base: string };
const NOT_EDITING: NotesDraft = { editing: false, text: "", base: "" };
const NOTES_RULES: DraftRules<NotesDraft> = {
  worthKeeping: (draft) => draft.editing && draft.text !== draft.base,
  read: (stored) =>
    typeof stored.text === "string" && typeof stored.base === "string"
      ? { editing: true, text: stored.text, base: stored.base }
      : null,
};

/** The ids of the project's tasks added, ticked or renamed here while that change waits on this device. */
function useTasksWaiting(project: Project): Set<number> {
  const path = `${queryKeys.projects[0]}/${project.id}`;
  const write = useWaitingWrites().find((w) => w.path === path && tasksWere(w));
  const base = write && tasksWere(write);
  if (write === undefined || base === undefined) return new Set();
  return tasksChanged(base, (write.body as Project).tasks);
}

/**
 * A project's detail: progress, notes and its task list; every change is saved before it shows,
 * or kept on this device and shown marked while the server cannot be reached (decisions 089, 090).
 */
export function ProjectView({ project }: { project: Project }) {
  const navigate = useNavigate();
  const update = useUpdateProject(project.id);
  const [notes, setNotes, stopEditingNotes] = useDraft(projectNotesDraft(project.id), NOT_EDITING, NOTES_RULES);
  const editingNotes = notes.editing;
  const notesDraft = notes.text;
  // Saved from elsewhere (another device or tab) since this edit began, and not to what is here:
  // saving replaces that.
  const saved = project.notes ?? "";
  const notesChangedMeanwhile = editingNotes && notes.base !== saved && notes.text !== saved;
  // Its words stay through a reload until the task is added (docs/decisions/049-one-line-drafts.md),
  // with the id they were sent with when no answer came (docs/decisions/064-project-changes-sent-again.md).
  const newTask = useNewProjectTask(project.id);
  const [editingProject, setEditingProject] = useState(false);
  const removeProject = useDeleteProject();
  const tasks = project.tasks;
  // The tasks added, ticked or renamed here while their change waits on this device.
  const waiting = useTasksWaiting(project);
  const done = tasks.filter((t) => t.completed).length;
  const progress = projectProgress(tasks);

  // Changes are saved one after another, each made to the list the one before saved (or, when the
  // project changed elsewhere, to the list read again): a tick made while an earlier one is still
  // on its way (a slow network) would otherwise send the list without it and undo it on the server.
  const inTurn = useOneAfterAnother();
  /**
   * Saves a change: "saved", "kept" on this device to be sent when the connection is back (decisions
   * 089 and 090; it says so unless `ownToast`), or false when it failed.
   */
  const save = (
    change: ProjectPatch | TasksChange | NotesChange,
    errorText: string,
    { ownToast = false } = {},
  ): Promise<false | "saved" | "kept"> =>
    inTurn(async () => {
      try {
        const answer = await update.mutateAsync(change);
        if (!("waiting" in answer && answer.waiting)) return "saved";
        if (!ownToast) toast(CHANGE_KEPT_OFFLINE);
        return "kept";
      } catch (error) {
        if (error instanceof NotesChangedElsewhere) {
          // The page now shows the notes saved elsewhere, and the box says so above the words.
          toast({ title: "Notes not saved", description: "They were changed elsewhere after you began." });
        } else {
          // Past what one person keeps, the server's words say what to do instead.
          fail(limitReason(error) ?? errorText);
        }
        return false;
      }
    });

  // The titles being added: Enter pressed again before the first is saved adds nothing more.
  const adding = useRef(new Set<string>());
  const addTask = async () => {
    const title = newTask.text.trim();
    if (!title || adding.current.has(title)) return;
    adding.current.add(title);
    // Sent before and not answered, it goes with the same id: when the server saved it and only the
    // answer was lost, it is there already and is not added again.
    const id = newTask.sending(title, tasks);
    const added = await save(
      (now) => withProgress(now.some((t) => t.id === id) ? now : [...now, { id, title, completed: false }]),
      "Failed to add task",
    );
    adding.current.delete(title);
    if (added) {
      // What was typed since, the next task perhaps, stays.
      newTask.added(title);
      if (added === "saved") toast({ title: "Task added" });
    }
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={() => navigate("/projects")}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to Projects
        </Button>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditingProject(true)}>
            <Pencil className="size-4" aria-hidden />
            Edit project
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              // Undoable from its toast, which outlives the page: the list it goes back to no
              // longer shows it (docs/decisions/047-edit-and-delete-projects.md).
              removeProject(project);
              // The button goes with this page: the main part, which stays, keeps focus, so the
              // next Tab goes on inside the Projects page rather than from the document's start.
              document.getElementById("main")?.focus();
              navigate("/projects");
            }}
          >
            <Trash2 className="size-4" aria-hidden />
            Delete project
          </Button>
        </div>
      </div>
      {editingProject && <EditProjectDialog project={project} onClose={() => setEditingProject(false)} />}
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Badge className={bucketClass(project.bucket)}>{capitalize(project.bucket)}</Badge>
          {project.deadline && <span className="text-sm text-muted">Due {formatDisplayDate(project.deadline)}</span>}
          <WaitingMark list={queryKeys.projects} id={project.id} className="text-sm" />
        </div>
        <h1 className="text-3xl font-semibold tracking-tight wrap-anywhere">{project.title}</h1>
        {project.description && <p className="text-muted wrap-anywhere">{project.description}</p>}
        <div className="grid max-w-xl gap-1.5">
          <div className="flex justify-between text-sm">
            <span className="text-muted">Progress</span>
            <span className="font-medium">{progress}%</span>
          </div>
          <ProgressBar value={progress} label="Project progress" />
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="notes-title">
          <CardHeader
            id="notes-title"
            title="Notes"
            action={
              !editingNotes && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setNotes({ editing: true, text: project.notes ?? "", base: project.notes ?? "" })}
                >
                  <Pencil className="size-4" aria-hidden />
                  Edit Notes
                </Button>
              )
            }
          />
          {editingNotes ? (
            <div className="grid gap-3">
              {notesChangedMeanwhile && (
                <div className="grid gap-2">
                  <p className="text-sm text-muted" id="notes-changed">
                    These notes were changed elsewhere after you began. Saving keeps what is here.
                  </p>
                  {/* What saving would replace, so nothing written there is lost unseen. */}
                  {saved && (
                    <section
                      aria-label="Notes saved elsewhere"
                      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard
                      tabIndex={0}
                      className="max-h-40 overflow-y-auto rounded-xl border border-border bg-accent px-3 py-2 text-sm"
                    >
                      <p className="font-medium">Saved elsewhere:</p>
                      <p className="whitespace-pre-wrap wrap-anywhere">{saved}</p>
                    </section>
                  )}
                </div>
              )}
              <Textarea
                aria-label="Project notes"
                aria-describedby={notesChangedMeanwhile ? "notes-changed" : undefined}
                className="min-h-64"
                placeholder="Add notes, references, ideas, or any other information about this project..."
                value={notesDraft}
                onChange={(e) => setNotes({ text: e.target.value })}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" onClick={stopEditingNotes}>
                  Cancel
                </Button>
                <Button
                  disabled={update.isPending}
                  onClick={async () => {
                    const change = { notesOver: project.notes, notes: notesDraft };
                    const saved = await save(change, "Failed to update project notes");
                    if (saved) {
                      // Kept on this device, they wait with the change (decision 090): the draft is done.
                      stopEditingNotes();
                      if (saved === "saved") toast({ title: "Notes updated" });
                    }
                  }}
                >
                  Save Notes
                </Button>
              </div>
            </div>
          ) : project.notes ? (
            <p className="whitespace-pre-wrap wrap-anywhere">{project.notes}</p>
          ) : (
            <p className="text-muted">No notes yet. Click "Edit Notes" to add some.</p>
          )}
        </Card>

        <Card aria-labelledby="tasks-title">
          <CardHeader
            id="tasks-title"
            title="Tasks"
            action={
              <span className="flex items-center text-sm text-muted">
                {/* A change shows once saved (spec section 4): until then, on a slow network, this says it is on its way.
                    Its room beside the count only while it says so: on a line of its own, the count starts at the edge. */}
                <span role="status" className="inline-flex items-center gap-1 not-empty:mr-3">
                  {update.isPending && (
                    <>
                      <Loader2 className="size-3.5 animate-spin" aria-hidden />
                      Saving...
                    </>
                  )}
                </span>
                <span>
                  {done} of {tasks.length} completed
                </span>
              </span>
            }
          />
          {/* The box keeps at least 8 rem beside Add; narrower (larger text), Add goes under it. */}
          <div className="mb-3 flex flex-wrap gap-2">
            <Input
              id="project-new-task"
              className="min-w-[min(8rem,100%)] flex-1"
              aria-label="New task"
              placeholder="Add a new task..."
              value={newTask.text}
              onChange={(e) => newTask.change(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void addTask();
                }
              }}
            />
            <Button disabled={!newTask.text.trim()} onClick={addTask}>
              <Plus className="size-4" aria-hidden />
              Add
            </Button>
          </div>
          <div className="overflow-y-auto pr-1" style={{ height: TASK_LIST_HEIGHT }}>
            {tasks.length === 0 ? (
              <p className="py-8 text-center text-muted">No tasks yet. Add your first task above.</p>
            ) : (
              <ul className="grid gap-1">
                {tasks.map((task) => (
                  <ProjectTaskRow
                    key={task.id}
                    task={task}
                    waiting={waiting.has(task.id)}
                    onToggle={() => {
                      // Set to the opposite of what the box showed when pressed, not flipped: pressed
                      // again before the first save shows, it still means the same.
                      const completed = !task.completed;
                      void save(
                        (now) => withProgress(now.map((t) => (t.id === task.id ? { ...t, completed } : t))),
                        "Failed to update task status",
                      );
                    }}
                    onRename={async (title) =>
                      (await save(
                        // Deleted elsewhere meanwhile, it comes back with its new name (decision 091).
                        (now) =>
                          withProgress(
                            now.some((t) => t.id === task.id)
                              ? now.map((t) => (t.id === task.id ? { ...t, title } : t))
                              : [...now, { ...task, title }],
                          ),
                        "Failed to update task",
                      )) !== false
                    }
                    onDelete={async (from) => {
                      const at = tasks.findIndex((t) => t.id === task.id);
                      // The row leaves once saved: focus then goes to the next task's Delete (else
                      // the one before's, else the New task box), not to the page's body.
                      const neighbour = nearestStayingRow(from, "[data-project-task-delete]");
                      const deleted = await save(
                        (now) => withProgress(now.filter((t) => t.id !== task.id)),
                        "Failed to delete task",
                        { ownToast: true },
                      );
                      if (deleted) {
                        // Still on the row about to leave, or lost with it: not when the person moved on.
                        const focused = document.activeElement;
                        if (focused === from || focused === document.body || !focused) {
                          (neighbour?.isConnected ? neighbour : document.getElementById("project-new-task"))?.focus();
                        }
                        toast({
                          title: "Task deleted",
                          description:
                            deleted === "kept"
                              ? `"${task.title}" is off this project on this device. It will be saved when the connection is back.`
                              : `"${task.title}" is off this project.`,
                          action: {
                            label: "Undo",
                            altText: "Undo deleting the project task",
                            onClick: () => {
                              void save((latest) => {
                                const now = latest.filter((t) => t.id !== task.id);
                                return withProgress([...now.slice(0, at), task, ...now.slice(at)]);
                              }, "Failed to update task");
                            },
                          },
                        });
                      }
                    }}
                  />
                ))}
              </ul>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
