import { useState } from "react";
import type { Project } from "../../../../shared/schemas.ts";
import { EditDialog } from "../../../components/edit-dialog.tsx";
import { ApiError, errorMessage } from "../../../lib/api.ts";
import { changedFields } from "../../../lib/changed-fields.ts";
import { editDraft, useEditDraft } from "../../../lib/draft.ts";
import { useUpdateProject } from "../api.ts";
import { ProjectFields, type ProjectFieldValues } from "./project-fields.tsx";

const valuesOf = (project: Project): ProjectFieldValues => ({
  title: project.title,
  description: project.description ?? "",
  bucket: project.bucket,
  deadline: project.deadline ?? "",
});

/** The fields as the API takes them: a trimmed name, no description or deadline as null. */
const inputOf = (values: ProjectFieldValues) => ({
  title: values.title.trim(),
  description: values.description.trim() || null,
  bucket: values.bucket,
  deadline: values.deadline || null,
});

/**
 * Edit project (docs/decisions/047-edit-and-delete-projects.md): its name, description, category
 * and deadline with Create Project's fields. Its notes and tasks are edited on the page itself.
 */
export function EditProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const [form] = useState(() => valuesOf(project));
  const { values, change, forget, restored } = useEditDraft(editDraft("project", project.id), form);
  // The fields as the dialog opened: only what differs from them is sent.
  const [opened] = useState(() => inputOf(form));
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
        const changes = changedFields(opened, inputOf(values));
        return changes === null ? null : update.mutateAsync(changes);
      }}
      failure={(error) => (error instanceof ApiError ? errorMessage(error) : "Failed to update project")}
      onClose={onClose}
      forget={forget}
      restored={restored}
    >
      <ProjectFields values={values} onChange={(fields) => change({ ...values, ...fields })} />
    </EditDialog>
  );
}
