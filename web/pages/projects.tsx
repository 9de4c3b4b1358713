import { ChevronDown, Plus } from "lucide-react";
import { Collapsible } from "radix-ui";
import { useState } from "react";
import { PROJECT_BUCKETS } from "../../shared/constants.ts";
import { requireUser, useAuth } from "../app/auth.tsx";
import { ListLoadFailed } from "../components/list-load-failed.tsx";
import { Button } from "../components/ui/button.tsx";
import { capitalize, useProjects, useShownProjects } from "../features/projects/api.ts";
import { CreateProjectDialog } from "../features/projects/components/create-project-dialog.tsx";
import { ProjectCard } from "../features/projects/components/project-card.tsx";
import { WaitingProjectCard, waitingProject } from "../features/projects/components/waiting-project-card.tsx";
import { useWaitingCreates } from "../lib/outbox.ts";
import { queryKeys } from "../lib/query-keys.ts";

type Bucket = (typeof PROJECT_BUCKETS)[number];

export function ProjectsPage() {
  const { user } = useAuth();
  const projects = useProjects();
  // Without a project deleted a moment ago, while its toast can still take it back.
  const shown = useShownProjects(projects.data ?? []);
  // Created on this device and not yet sent: shown in their category, marked (decision 085).
  const waiting = useWaitingCreates(queryKeys.projects[0]);
  const [dialogBucket, setDialogBucket] = useState<Bucket>("work");
  const [dialogOpen, setDialogOpen] = useState(false);
  const [openSections, setOpenSections] = useState<Record<string, boolean>>({
    work: true,
    personal: true,
    health: true,
    finance: true,
  });

  const openDialog = (bucket: Bucket) => {
    setDialogBucket(bucket);
    setDialogOpen(true);
  };

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Projects</h1>
          <p className="mt-1 text-muted">Organize your work into manageable projects</p>
        </div>
        <Button onClick={() => openDialog("work")}>
          <Plus className="size-4" aria-hidden />
          Create Project
        </Button>
      </header>

      {projects.isError && !projects.data ? (
        <div className="rounded-2xl border border-border bg-card/50 p-[min(1.25rem,20px)]">
          <ListLoadFailed onRetry={() => void projects.refetch()} />
        </div>
      ) : (
        PROJECT_BUCKETS.map((bucket) => {
          const list = shown.filter((p) => p.bucket === bucket);
          const waitingHere = waiting.filter((w) => (waitingProject(w).bucket ?? "work") === bucket);
          const count = list.length + waitingHere.length;
          return (
            <Collapsible.Root
              key={bucket}
              open={openSections[bucket]}
              onOpenChange={(open) => setOpenSections((s) => ({ ...s, [bucket]: open }))}
              className="rounded-2xl border border-border bg-card/50"
            >
              <h2>
                <Collapsible.Trigger className="flex w-full items-center justify-between gap-3 rounded-2xl px-[min(1.25rem,20px)] py-4 text-left">
                  <span className="flex items-center gap-3 text-lg font-semibold">
                    {capitalize(bucket)}
                    <span className="rounded-full bg-accent px-2.5 py-0.5 text-sm font-medium">{count}</span>
                  </span>
                  <ChevronDown
                    className={`size-5 text-muted transition-transform ${openSections[bucket] ? "rotate-180" : ""}`}
                    aria-hidden
                  />
                </Collapsible.Trigger>
              </h2>
              <Collapsible.Content className="px-[min(1.25rem,20px)] pb-5">
                {projects.isPending ? (
                  <div className="h-40 animate-pulse rounded-2xl bg-accent" aria-hidden />
                ) : count === 0 ? (
                  <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-border p-[min(1.25rem,20px)]">
                    <p className="text-muted">No projects in this category yet</p>
                    <Button variant="outline" size="sm" onClick={() => openDialog(bucket)}>
                      <Plus className="size-4" aria-hidden />
                      Add Project
                      {/* Four of them on the page: each says which category it adds to. */}
                      <span className="sr-only"> to {capitalize(bucket)}</span>
                    </Button>
                  </div>
                ) : (
                  <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                    {list.map((p) => (
                      <ProjectCard key={p.id} project={p} />
                    ))}
                    {waitingHere.map((w) => (
                      <WaitingProjectCard key={w.key} write={w} />
                    ))}
                    <button
                      type="button"
                      onClick={() => openDialog(bucket)}
                      className="flex min-h-40 flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-border text-muted hover:border-primary hover:text-fg"
                    >
                      <Plus className="size-6" aria-hidden />
                      <span>
                        Add New Project
                        <span className="sr-only"> to {capitalize(bucket)}</span>
                      </span>
                    </button>
                  </div>
                )}
              </Collapsible.Content>
            </Collapsible.Root>
          );
        })
      )}

      <CreateProjectDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        initialBucket={dialogBucket}
        user={user}
        requireUser={() => requireUser(user, "project")}
      />
    </div>
  );
}
