import { Compass } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export function PublicHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-lg font-semibold">
          <Compass className="size-6 text-primary" aria-hidden />
          Daily Compass
        </Link>
        {children}
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-muted sm:px-6">
        <p>© {new Date().getFullYear()} Daily Compass</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/terms" className="hover:text-fg hover:underline">
            Terms of Service
          </Link>
          <Link to="/privacy" className="hover:text-fg hover:underline">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted">Last updated April 14, 2025</p>
        <div className="mt-8 grid gap-6 leading-relaxed [&_h2]:text-xl [&_h2]:font-semibold [&_p]:text-fg">
          {children}
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
