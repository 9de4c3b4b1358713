import { ChevronDown } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { cn } from "../lib/cn.ts";
import { Card } from "./ui/card.tsx";

type Props = {
  /** The heading's words; the button that opens the card bears them. */
  title: string;
  icon: ReactNode;
  /** The id of the opening button, for focus to go back to when the card's last row leaves. */
  toggleId: string;
  /** What the card holds, drawn (and read) only while it is open. */
  children: ReactNode;
};

/**
 * A card closed until asked for: its heading is a button that opens and closes it. What it holds
 * is drawn only while open, so a list in it is read from the server only then.
 */
export function CollapsibleCard({ title, icon, toggleId, children }: Props) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const panelId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold">
        <button
          id={toggleId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-3 rounded-lg text-left"
        >
          <span className="flex items-center gap-2">
            {icon}
            {title}
          </span>
          <ChevronDown className={cn("size-5 text-muted transition-transform", open && "rotate-180")} aria-hidden />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="mt-3">
        {open && children}
      </div>
    </Card>
  );
}
