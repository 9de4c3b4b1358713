import { useEffect } from "react";
import { Navigate, useNavigate, useParams } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { toast } from "../components/ui/toast-store.ts";
import { useProject } from "../features/projects/api.ts";
import { ProjectView } from "../features/projects/components/project-view.tsx";
import { ApiError } from "../lib/api.ts";

export function ProjectDetailPage() {
  const { id: rawId } = useParams();
  const navigate = useNavigate();
  const id = rawId && /^\d+$/.test(rawId) ? Number(rawId) : null;
  const project = useProject(id);

  // A project that does not exist (deleted, or a stale link) says so; any other failure to load
  // goes back to the list with the spec's error (docs/decisions/008-project-not-found.md). A
  // project on show stays when reading it again fails (the server restarting): it is still there.
  const missing = project.error instanceof ApiError && project.error.code === "NOT_FOUND";
  const unread = project.isError && !missing && !project.data;
  useEffect(() => {
    if (unread) {
      toast({ title: "Error", description: "Could not load project details", variant: "destructive" });
      navigate("/projects", { replace: true });
    }
  }, [unread, navigate]);

  if (id === null) return <Navigate to="/projects" replace />;
  if (project.isPending) return <p className="py-10 text-center text-muted">Loading project details...</p>;
  // Gone since it was read (deleted on another device): it says so rather than stay on show.
  if (!project.data || missing) {
    return (
      <div className="grid justify-items-center gap-4 py-16">
        <p className="text-xl font-semibold">Project not found</p>
        <Button onClick={() => navigate("/projects")}>Return to Projects</Button>
      </div>
    );
  }
  return <ProjectView project={project.data} />;
}
