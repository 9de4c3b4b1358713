import { Switch as S } from "radix-ui";
import { Label } from "./input.tsx";

type Props = { id: string; checked: boolean; onCheckedChange: (checked: boolean) => void; "aria-describedby"?: string };

export function Switch(props: Props) {
  return (
    <S.Root
      {...props}
      className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-border transition-colors data-[state=checked]:bg-primary"
    >
      <S.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </S.Root>
  );
}

/** A labelled switch on a row, with an optional hint under its label that describes it. */
export function SwitchField({
  id,
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        )}
      </div>
      <Switch
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        checked={checked}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
