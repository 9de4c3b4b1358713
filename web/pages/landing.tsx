import { Brain, CalendarSync, LayoutDashboard, ListChecks, Mic, Moon, Sparkles, Target, Zap } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { PublicFooter, PublicHeader } from "../components/public-layout.tsx";
import { buttonClass } from "../components/ui/button.tsx";

const BENEFITS = [
  { icon: ListChecks, title: "Intelligent task breakdown", text: "Big tasks become small, doable steps." },
  { icon: Mic, title: "Voice notes and AI assistance", text: "Say it, save it, let the assistant sort it." },
  { icon: CalendarSync, title: "Calendar integration", text: "Your day and your calendar, in one calm view." },
];

const FEATURES = [
  {
    icon: LayoutDashboard,
    title: "Smart task management",
    text: "A short list of top focus tasks instead of an endless backlog.",
  },
  { icon: Mic, title: "Voice capture", text: "Catch a thought before it slips away, with one tap." },
  { icon: Target, title: "Focus mode", text: "A 25-minute timer, one task, and a checklist of small steps." },
  {
    icon: CalendarSync,
    title: "Calendar integration",
    text: "Two-way sync keeps your schedule in step with Google Calendar.",
  },
  { icon: Zap, title: "Quick wins", text: "Five-to-fifteen-minute tasks for momentum on low-energy days." },
  {
    icon: Moon,
    title: "Adaptive dark-first interface",
    text: "Easy on the eyes, low on noise, light mode when you want it.",
  },
];

function signIn() {
  // Full navigation: the server starts the provider flow or sends the visitor to /login.
  window.location.assign("/api/auth/google");
}

/** Like signIn, but without a provider it opens the register form. */
function getStarted() {
  window.location.assign("/api/auth/google?intent=register");
}

export function LandingPage() {
  const [imageFailed, setImageFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // The page is prerendered: an image that failed before the script ran sent its error to no one.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.currentSrc && img.naturalWidth === 0) setImageFailed(true);
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader>
        <button type="button" className={buttonClass("outline", "sm")} onClick={signIn}>
          Log in
        </button>
      </PublicHeader>
      <main className="flex-1">
        <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-sm font-medium">
              <Sparkles className="size-4 text-primary" aria-hidden />A calm planner for ADHD minds
            </p>
            <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">
              Find your direction, one day at a time.
            </h1>
            <p className="mt-4 text-lg text-muted">
              Daily Compass keeps today small and clear: a few focus tasks, quick wins, your schedule and a place to
              drop every stray thought.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <button
                type="button"
                className={buttonClass("primary", "md", "h-12 px-6 text-base")}
                onClick={getStarted}
              >
                Get Started
              </button>
              <button
                type="button"
                className={buttonClass("outline", "md", "h-12 px-6 text-base")}
                onClick={() =>
                  document.getElementById("features")?.scrollIntoView({
                    behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
                  })
                }
              >
                Learn More
              </button>
            </div>
            <ul className="mt-10 grid gap-4">
              {BENEFITS.map((b) => (
                <li key={b.title} className="flex gap-3">
                  <b.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                  <div>
                    <p className="font-medium">{b.title}</p>
                    <p className="text-sm text-muted">{b.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <div className="aspect-[64/43] overflow-hidden rounded-2xl border border-border bg-card shadow-xl">
            {imageFailed ? (
              <div
                className="flex h-full flex-col items-center justify-center gap-3 text-muted"
                role="img"
                aria-label="Daily Compass dashboard preview"
              >
                <Brain className="size-12 text-primary" aria-hidden />
                <span>Your day, calmly laid out</span>
              </div>
            ) : (
              <picture className="contents">
                <source
                  type="image/webp"
                  srcSet="/preview-800.webp 800w, /preview.webp 1280w"
                  sizes="(min-width: 1024px) 540px, calc(100vw - 2rem)"
                />
                <img
                  ref={image}
                  src="/preview.png"
                  alt="Daily Compass dashboard preview"
                  className="h-full w-full object-cover object-top"
                  width={1280}
                  height={860}
                  // Below the fold on a phone; the heading beside it is what paints first.
                  loading="lazy"
                  decoding="async"
                  onError={() => setImageFailed(true)}
                />
              </picture>
            )}
          </div>
        </section>
        <section
          id="features"
          aria-labelledby="features-title"
          className="scroll-mt-8 border-t border-border bg-card/40"
        >
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
            <h2 id="features-title" className="text-3xl font-semibold tracking-tight">
              Features
            </h2>
            <p className="mt-2 text-muted">Everything you need for the day, nothing that shouts.</p>
            <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((f) => (
                <li key={f.title} className="rounded-2xl border border-border bg-card p-6">
                  <f.icon className="size-6 text-primary" aria-hidden />
                  <h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
                  <p className="mt-1 text-muted">{f.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
