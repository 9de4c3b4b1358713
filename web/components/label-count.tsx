/**
 * The "(N)" after a label ("Show all (6)", "Archived (2)"): part of its name, and left out with
 * Low stimulation like every count (`data-count`, decision 023).
 */
export function LabelCount({ n }: { n: number }) {
  return (
    <span data-count="" className="-ml-1">
      {` (${n})`}
    </span>
  );
}
