import { useState } from "react";
import type { Project } from "../../../../shared/schemas.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { useUpdateProject } from "../api.ts";
import { ProjectFields, type ProjectFieldValues } from "./project-fields.tsx";

/**
 * Edit project (docs/decisions/047-edit-and-delete-projects.md): its name, description, category
 * and deadline with Create Project's fields. Its notes and tasks are edited on the page itself.
 */
export function EditProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const [values, setValues] = useState<ProjectFieldValues>(() => ({
    title: project.title,
    description: project.description ?? "",
    bucket: project.bucket,
    deadline: project.deadline ?? "",
  }));
  const update = useUpdateProject(project.id);
  const title = values.title.trim();

  const submit = async () => {
    if (!title || update.isPending) return;
    try {
      await update.mutateAsync({
        title,
        description: values.description.trim() || null,
        bucket: values.bucket,
        deadline: values.deadline || null,
      });
      toast({ title: "Project updated", description: "Your changes are saved." });
      onClose();
    } catch (error) {
      toast({
        title: "Error",
        description: error instanceof ApiError ? errorMessage(error) : "Failed to update project",
        variant: "destructive",
      });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Edit project"
      description="Change its name, what it is about, its category or its deadline."
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ProjectFields values={values} onChange={(change) => setValues((v) => ({ ...v, ...change }))} />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!title || update.isPending}>
            {update.isPending ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
