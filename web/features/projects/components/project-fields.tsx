import type { ReactNode } from "react";
import { PROJECT_BUCKETS } from "../../../../shared/constants.ts";
import { Field, Input, NativeSelect, Textarea } from "../../../components/ui/input.tsx";
import { capitalize } from "../api.ts";

export type Bucket = (typeof PROJECT_BUCKETS)[number];

/** What Create Project and Edit project hold while the person types: the inputs' own values. */
export type ProjectFieldValues = { title: string; description: string; bucket: Bucket; deadline: string };

/**
 * A project's name, description, category and deadline, in Create Project's order; `afterDescription`
 * is drawn between (Create Project's notes). The name takes focus itself, so words already there
 * are not selected as the dialog would, and typing goes on after them.
 */
export function ProjectFields({
  values,
  onChange,
  afterDescription,
}: {
  values: ProjectFieldValues;
  onChange: (change: Partial<ProjectFieldValues>) => void;
  afterDescription?: ReactNode;
}) {
  return (
    <>
      <Field id="project-name" label="Project name">
        <Input
          id="project-name"
          value={values.title}
          onChange={(e) => onChange({ title: e.target.value })}
          autoFocus
          autoComplete="off"
        />
      </Field>
      <Field id="project-description" label="Description (optional)">
        <Textarea
          id="project-description"
          className="min-h-16"
          value={values.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </Field>
      {afterDescription}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="project-category" label="Category">
          <NativeSelect
            id="project-category"
            value={values.bucket}
            onChange={(e) => onChange({ bucket: e.target.value as Bucket })}
          >
            {PROJECT_BUCKETS.map((b) => (
              <option key={b} value={b}>
                {capitalize(b)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="project-deadline" label="Deadline (optional)">
          <Input
            id="project-deadline"
            type="date"
            value={values.deadline}
            onChange={(e) => onChange({ deadline: e.target.value })}
          />
        </Field>
      </div>
    </>
  );
}
