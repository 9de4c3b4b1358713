import { Clock } from "lucide-react";
import { useId } from "react";
import type { CreateProjectInput } from "../../../../shared/schemas.ts";
import { Badge } from "../../../components/ui/card.tsx";
import { formatDisplayDate } from "../../../lib/dates.ts";
import type { WaitingWrite } from "../../../lib/outbox.ts";
import { bucketClass, capitalize } from "../api.ts";

/** The project a waiting create makes, as far as this device knows it. */
export const waitingProject = (write: WaitingWrite) => write.body as CreateProjectInput;

/**
 * A project created on this device that waits to be sent (docs/decisions/085-a-new-project-offline.md):
 * shown in its category as its card will be, marked "Waiting to sync"; it opens once it is made.
 */
export function WaitingProjectCard({ write }: { write: WaitingWrite }) {
  const project = waitingProject(write);
  const tasks = project.tasks?.length ?? 0;
  const bucket = project.bucket ?? "work";
  const id = useId();
  return (
    <article
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-waiting`}
      className="grid content-start gap-3 rounded-2xl border border-dashed border-border bg-card p-[min(1.25rem,20px)]"
    >
      <div className="flex items-center justify-between gap-2">
        <Badge className={bucketClass(bucket)}>{capitalize(bucket)}</Badge>
        {project.deadline && (
          <span className="text-xs text-muted">
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
      <p className="text-sm text-muted">
        {tasks === 0 ? "No tasks defined" : `${tasks} ${tasks === 1 ? "task" : "tasks"}`}
      </p>
      <p id={`${id}-waiting`} className="flex items-center gap-2 text-sm text-muted">
        <Clock className="size-4 shrink-0" aria-hidden />
        Waiting to sync: it opens once it is saved.
      </p>
    </article>
  );
}
