import type { ButtonHTMLAttributes } from "react";
import { cn } from "../../lib/cn.ts";

type Variant = "primary" | "secondary" | "ghost" | "outline" | "danger";
type Size = "sm" | "md" | "icon";

const variants: Record<Variant, string> = {
  primary: "bg-primary text-primary-fg hover:opacity-90",
  secondary: "bg-accent text-fg hover:bg-border",
  ghost: "text-fg hover:bg-accent",
  outline: "border border-border bg-card text-fg hover:bg-accent",
  danger: "bg-danger text-danger-fg hover:opacity-90",
};
// At least, not exactly, their height: words that wrap (a narrow row, larger text) make the button
// taller instead of running past its top and bottom. At normal text each is one line, as high as before.
const sizes: Record<Size, string> = {
  sm: "min-h-9 px-3 py-1.5 text-sm",
  md: "min-h-10 px-4 py-2 text-sm",
  icon: "size-10",
};

export function buttonClass(variant: Variant = "primary", size: Size = "md", extra?: string): string {
  return cn(
    // Never wider than the row it is in: with larger text its words wrap inside it rather than run
    // past the card's edge, and its icon keeps its size beside them.
    "inline-flex max-w-full shrink-0 items-center justify-center gap-2 rounded-lg text-center font-medium transition-colors [&>svg]:shrink-0",
    "disabled:cursor-not-allowed disabled:opacity-50",
    variants[variant],
    sizes[size],
    extra,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
