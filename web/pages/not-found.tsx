import { AlertCircle } from "lucide-react";
import { buttonClass } from "../components/ui/button.tsx";

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-8">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <AlertCircle className="size-7 text-danger" aria-hidden />
          404 Page Not Found
        </h1>
        <p className="mt-4 text-muted">Did you forget to add the page to the router?</p>
        <a href="/" className={buttonClass("primary", "md", "mt-6")}>
          Go home
        </a>
      </div>
    </main>
  );
}
