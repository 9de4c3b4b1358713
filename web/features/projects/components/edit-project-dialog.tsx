import { useState } from "react";
import type { Project } from "../../../../shared/schemas.ts";
import { EditDialog } from "../../../components/edit-dialog.tsx";
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

  return (
    <EditDialog
      title="Edit project"
      description="Change its name, what it is about, its category or its deadline."
      noun="Project"
      canSave={title !== ""}
      saving={update.isPending}
      save={async () => {
        const saved = await update.mutateAsync({
          title,
          description: values.description.trim() || null,
          bucket: values.bucket,
          deadline: values.deadline || null,
        });
        return saved;
      }}
      failure={(error) => (error instanceof ApiError ? errorMessage(error) : "Failed to update project")}
      onClose={onClose}
    >
      <ProjectFields values={values} onChange={(change) => setValues((v) => ({ ...v, ...change }))} />
    </EditDialog>
  );
}
