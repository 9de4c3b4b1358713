import { CalendarClock } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { projectProgress } from "../../../../shared/constants.ts";
import type { Project } from "../../../../shared/schemas.ts";
import { Badge } from "../../../components/ui/card.tsx";
import { WaitingMark } from "../../../components/waiting-mark.tsx";
import { formatDisplayDate } from "../../../lib/dates.ts";
import { queryKeys } from "../../../lib/query-keys.ts";
import { bucketClass, capitalize } from "../api.ts";

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-2 overflow-hidden rounded-full bg-accent"
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}

export function ProjectCard({ project }: { project: Project }) {
  const done = project.tasks.filter((t) => t.completed).length;
  const progress = projectProgress(project.tasks);
  const next = project.tasks.find((t) => !t.completed);
  // Named by its title and described by the rest once, rather than read whole as its name, with
  // the percentage twice (the words and the bar).
  const id = useId();
  return (
    // A card as tall as a longer one beside it keeps its rows together at the top (content-start),
    // rather than spreading them over its height.
    <Link
      to={`/project-detail/${project.id}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-bucket${project.deadline ? ` ${id}-due` : ""} ${id}-progress ${id}-done ${id}-next ${id}-waiting`}
      className="grid content-start gap-3 rounded-2xl border border-border bg-card p-[min(1.25rem,20px)] transition-colors hover:border-primary"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          <Badge id={`${id}-bucket`} className={bucketClass(project.bucket)}>
            {capitalize(project.bucket)}
          </Badge>
          {/* A change of its name and the rest waiting on this device (decision 086). */}
          <WaitingMark list={queryKeys.projects} id={project.id} markId={`${id}-waiting`} />
        </span>
        {project.deadline && (
          <span id={`${id}-due`} className="flex items-center gap-1 text-xs text-muted">
            <CalendarClock className="size-3.5" aria-hidden />
            <span className="sr-only">Due </span>
            {formatDisplayDate(project.deadline)}
          </span>
        )}
      </div>
      <div>
        <h3 id={`${id}-title`} className="text-lg font-semibold wrap-anywhere">
          {project.title}
        </h3>
        {project.description && (
          <p className="mt-1 line-clamp-2 text-sm text-muted wrap-anywhere">{project.description}</p>
        )}
      </div>
      <div className="grid gap-1.5">
        <div id={`${id}-progress`} className="flex justify-between text-sm">
          <span className="text-muted">Progress</span>
          <span className="font-medium">{progress}%</span>
        </div>
        <ProgressBar value={progress} label={`${project.title} progress`} />
        <p id={`${id}-done`} className="text-sm text-muted">
          {done} of {project.tasks.length} tasks completed
        </p>
      </div>
      <p id={`${id}-next`} className="text-sm wrap-anywhere">
        {project.tasks.length === 0 ? "No tasks defined" : next ? `Next: ${next.title}` : "All tasks complete"}
      </p>
    </Link>
  );
}
