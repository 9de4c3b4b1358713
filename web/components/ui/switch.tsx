import { Switch as S } from "radix-ui";

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
