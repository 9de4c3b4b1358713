import { ArrowLeft, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { PROJECT_TASK_LIST_HEIGHT_PX, projectProgress } from "../../shared/constants.ts";
import type { Project, ProjectTask } from "../../shared/schemas.ts";
import { Button } from "../components/ui/button.tsx";
import { Badge, Card, CardHeader } from "../components/ui/card.tsx";
import { Input, Textarea } from "../components/ui/input.tsx";
import { toast } from "../components/ui/toast-store.ts";
import { bucketClass, capitalize, useProject, useUpdateProject, withProgress } from "../features/projects/api.ts";
import { ProgressBar } from "../features/projects/components/project-card.tsx";
import { ApiError } from "../lib/api.ts";
import { cn } from "../lib/cn.ts";
import { formatDisplayDate } from "../lib/dates.ts";

function fail(description: string) {
  toast({ title: "Error", description, variant: "destructive" });
}

function TaskRow({
  task,
  onToggle,
  onRename,
  onDelete,
}: {
  task: ProjectTask;
  onToggle: () => void;
  onRename: (title: string) => Promise<void>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(task.title);

  return (
    <li className="flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-accent">
      <input
        type="checkbox"
        className="size-5 accent-[var(--primary)]"
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
              setEditing(false);
            } else if (e.key === "Enter") {
              e.preventDefault();
              if (!draft.trim()) return;
              await onRename(draft.trim());
              setEditing(false);
            }
          }}
          onBlur={() => {
            setDraft(task.title);
            setEditing(false);
          }}
          className="h-9"
        />
      ) : (
        <span className={cn("flex-1 break-words", task.completed && "text-muted line-through")}>{task.title}</span>
      )}
      {!editing && (
        <>
          <button
            type="button"
            aria-label={`Edit ${task.title}`}
            className="rounded-md p-1.5 text-muted hover:text-fg"
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
            className="rounded-md p-1.5 text-muted hover:text-danger"
            onClick={onDelete}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </>
      )}
    </li>
  );
}

function ProjectView({ project }: { project: Project }) {
  const navigate = useNavigate();
  const update = useUpdateProject(project.id);
  const [editingNotes, setEditingNotes] = useState(false);
  const [notesDraft, setNotesDraft] = useState("");
  const [newTask, setNewTask] = useState("");
  const tasks = project.tasks;
  const done = tasks.filter((t) => t.completed).length;
  const progress = projectProgress(tasks);

  const save = async (patch: Parameters<typeof update.mutateAsync>[0], errorText: string) => {
    try {
      await update.mutateAsync(patch);
      return true;
    } catch {
      fail(errorText);
      return false;
    }
  };

  const addTask = async () => {
    const title = newTask.trim();
    if (!title) return;
    const ids = new Set(tasks.map((t) => t.id));
    let id = Date.now();
    while (ids.has(id)) id += 1;
    if (await save(withProgress([...tasks, { id, title, completed: false }]), "Failed to add task")) {
      setNewTask("");
      toast({ title: "Task added" });
    }
  };

  return (
    <div className="grid gap-6">
      <div>
        <Button variant="ghost" size="sm" onClick={() => navigate("/projects")}>
          <ArrowLeft className="size-4" aria-hidden />
          Back to Projects
        </Button>
      </div>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Badge className={bucketClass(project.bucket)}>{capitalize(project.bucket)}</Badge>
          {project.deadline && <span className="text-sm text-muted">Due {formatDisplayDate(project.deadline)}</span>}
        </div>
        <h1 className="text-3xl font-semibold tracking-tight">{project.title}</h1>
        {project.description && <p className="text-muted">{project.description}</p>}
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
                  onClick={() => {
                    setNotesDraft(project.notes ?? "");
                    setEditingNotes(true);
                  }}
                >
                  <Pencil className="size-4" aria-hidden />
                  Edit Notes
                </Button>
              )
            }
          />
          {editingNotes ? (
            <div className="grid gap-3">
              <Textarea
                aria-label="Project notes"
                className="min-h-64"
                placeholder="Add notes, references, ideas, or any other information about this project..."
                value={notesDraft}
                onChange={(e) => setNotesDraft(e.target.value)}
              />
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={() => setEditingNotes(false)}>
                  Cancel
                </Button>
                <Button
                  disabled={update.isPending}
                  onClick={async () => {
                    if (await save({ notes: notesDraft }, "Failed to update project notes")) {
                      setEditingNotes(false);
                      toast({ title: "Notes updated" });
                    }
                  }}
                >
                  Save Notes
                </Button>
              </div>
            </div>
          ) : project.notes ? (
            <p className="whitespace-pre-wrap break-words">{project.notes}</p>
          ) : (
            <p className="text-muted">No notes yet. Click "Edit Notes" to add some.</p>
          )}
        </Card>

        <Card aria-labelledby="tasks-title">
          <CardHeader
            id="tasks-title"
            title="Tasks"
            action={
              <span className="text-sm text-muted">
                {done} of {tasks.length} completed
              </span>
            }
          />
          <div className="mb-3 flex gap-2">
            <Input
              aria-label="New task"
              placeholder="Add a new task..."
              value={newTask}
              onChange={(e) => setNewTask(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  void addTask();
                }
              }}
            />
            <Button disabled={!newTask.trim() || update.isPending} onClick={addTask}>
              <Plus className="size-4" aria-hidden />
              Add
            </Button>
          </div>
          <div className="overflow-y-auto pr-1" style={{ height: PROJECT_TASK_LIST_HEIGHT_PX }}>
            {tasks.length === 0 ? (
              <p className="py-8 text-center text-muted">No tasks yet. Add your first task above.</p>
            ) : (
              <ul className="grid gap-1">
                {tasks.map((task) => (
                  <TaskRow
                    key={task.id}
                    task={task}
                    onToggle={() =>
                      save(
                        withProgress(tasks.map((t) => (t.id === task.id ? { ...t, completed: !t.completed } : t))),
                        "Failed to update task status",
                      )
                    }
                    onRename={async (title) => {
                      await save(
                        { tasks: tasks.map((t) => (t.id === task.id ? { ...t, title } : t)) },
                        "Failed to update task",
                      );
                    }}
                    onDelete={async () => {
                      if (await save(withProgress(tasks.filter((t) => t.id !== task.id)), "Failed to delete task")) {
                        toast({ title: "Task deleted" });
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

export function ProjectDetailPage() {
  const { id: rawId } = useParams();
  const navigate = useNavigate();
  const id = rawId && /^\d+$/.test(rawId) ? Number(rawId) : null;
  const project = useProject(id);

  // A project that does not exist (deleted, or a stale link) says so; any other failure to load
  // goes back to the list with the spec's error (docs/decisions/008-project-not-found.md).
  const missing = project.error instanceof ApiError && project.error.status === 404;
  useEffect(() => {
    if (project.isError && !missing) {
      fail("Could not load project details");
      navigate("/projects", { replace: true });
    }
  }, [project.isError, missing, navigate]);

  if (id === null) return <Navigate to="/projects" replace />;
  if (project.isPending) return <p className="py-10 text-center text-muted">Loading project details...</p>;
  if (!project.data) {
    return (
      <div className="grid justify-items-center gap-4 py-16">
        <p className="text-xl font-semibold">Project not found</p>
        <Button onClick={() => navigate("/projects")}>Return to Projects</Button>
      </div>
    );
  }
  return <ProjectView project={project.data} />;
}
