import { CAPTURE_SHORTCUT } from "../../shared/constants.ts";
import { PublicFooter, PublicHeader } from "../components/public-layout.tsx";
import { Card } from "../components/ui/card.tsx";
import { usePageData } from "../lib/page-data.ts";

const AREAS = [
  [
    "Daily Compass",
    "Your day at a glance: a mood check-in, top focus tasks, your schedule, quick wins, a thought dump and the assistant's suggestions.",
  ],
  [
    "Tasks",
    "Every focus task and quick win, a few at a time, in the dashboard's order. Edit or delete a task or quick win, put a task off with Not today (it comes back tomorrow, or a routine on its next day), and see what you finished under Done today and Done earlier (untick one to put it back on your list). Find a task or quick win by any of its words; each tab counts what it found.",
  ],
  [
    "Projects",
    "Bigger goals in four buckets (work, personal, health, finance), each with tasks, progress and notes. Rename, move or delete one from its page.",
  ],
  [
    "Capture Inbox",
    "Every thought you dropped, sorted by type. Convert one into a focus task, a quick win, a project task or a calendar event, fix its words or its type, or archive it; an archived thought can be restored or deleted. Find a thought by any of its words, and let Sort with Me walk through them one at a time.",
  ],
  [
    "Focus Mode",
    "Pick one task and start a session of 5, 15, 25 or 45 minutes (or the task's own estimate), then take the 5-minute break. The session keeps running while you visit other screens; its time shows in the tab's title. Break the task into steps yourself, or press I'm stuck for a smaller first one.",
  ],
  [
    "Calendar",
    "Your events, day by day, kept in step with Google Calendar or a CalDAV calendar. Export them as an .ics file.",
  ],
  ["Settings", "Theme, the assistant's tone and level of help, your account, your data and integrations."],
] as const;

const KEYS = [
  [CAPTURE_SHORTCUT, "Capture a thought from any screen (when you are not typing in a field)"],
  ["Ctrl+Enter / ⌘+Enter", "Save the captured thought"],
  ["Tab / Shift+Tab", "Move between controls"],
  ["Enter", "Add a quick win, a project task or save an inline edit"],
  ["Escape", "Close a dialog or cancel an inline edit"],
  ["F8", "Jump to notifications"],
  ["Enter or A / C / R / S", "In Sort with Me: accept the suggestion, convert, archive, skip"],
] as const;

export function HelpPage() {
  const { legal } = usePageData();
  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Help & Support</h1>
        <p className="mt-1 text-muted">Short answers, so you can get back to your day.</p>
      </header>
      <Card aria-labelledby="areas-title">
        <h2 id="areas-title" className="mb-4 text-lg font-semibold">
          What each area does
        </h2>
        <dl className="grid gap-4">
          {AREAS.map(([name, text]) => (
            <div key={name}>
              <dt className="font-medium">{name}</dt>
              <dd className="text-muted">{text}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card aria-labelledby="keys-title">
        <h2 id="keys-title" className="mb-4 text-lg font-semibold">
          Keyboard shortcuts
        </h2>
        <dl className="grid gap-2 sm:grid-cols-[14rem_1fr]">
          {KEYS.map(([key, text]) => (
            <div key={key} className="contents">
              <dt>
                {/* A key's name stays on one line where it fits; with larger text a long one wraps inside its box. */}
                <kbd className="inline-block max-w-full rounded-md border border-border bg-accent px-2 py-0.5 font-mono text-sm">
                  {key}
                </kbd>
              </dt>
              <dd className="text-muted">{text}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card aria-labelledby="privacy-title">
        <h2 id="privacy-title" className="mb-2 text-lg font-semibold">
          Privacy in short
        </h2>
        <p className="text-muted">
          Your data is yours: export it or delete all of it from Settings at any time. Assistant answers are cached for
          about 5 minutes. Read the full{" "}
          <a href="/privacy" className="text-primary underline">
            privacy policy
          </a>{" "}
          and{" "}
          <a href="/terms" className="text-primary underline">
            terms
          </a>
          .
        </p>
      </Card>
      <Card aria-labelledby="contact-title">
        <h2 id="contact-title" className="mb-2 text-lg font-semibold">
          Contact
        </h2>
        <p className="text-muted">
          Write to{" "}
          <a href={`mailto:${legal.contactEmail}`} className="text-primary underline">
            {legal.contactEmail}
          </a>
          . We usually answer within two working days.
        </p>
      </Card>
    </div>
  );
}

/** Help for a visitor who is not signed in: the same answers, in the public pages' frame. */
export function PublicHelpPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <PublicHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">
        <HelpPage />
      </main>
      <PublicFooter />
    </div>
  );
}
