import { Compass } from "lucide-react";
import type { ReactNode } from "react";
// Plain links: the public pages are separate prerendered documents (docs/decisions/017-prerendered-public-pages.md).
import { usePageData } from "../lib/page-data.ts";

export function PublicHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <a href="/" className="flex items-center gap-2 text-lg font-semibold">
          <Compass className="size-6 text-primary" aria-hidden />
          Daily Compass
        </a>
        {children}
      </div>
    </header>
  );
}

export function PublicFooter() {
  // The year comes with the page: a prerendered page and its hydration must agree on it.
  const { year } = usePageData();
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-muted sm:px-6">
        <p>© {year} Daily Compass</p>
        <nav aria-label="Legal" className="flex gap-4">
          <a href="/terms" className="hover:text-fg hover:underline">
            Terms of Service
          </a>
          <a href="/privacy" className="hover:text-fg hover:underline">
            Privacy Policy
          </a>
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
        <div className="mt-8 grid gap-6 leading-relaxed [&_h2]:text-xl [&_h2]:font-semibold [&_p]:text-fg [&_p+p]:mt-3">
          {children}
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
