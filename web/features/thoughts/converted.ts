import type { Thought } from "../../../shared/schemas.ts";
import { formatShortDay, formatTime12 } from "../../lib/dates.ts";
import { DEFAULT_START } from "../../lib/schedule.ts";

export type ConvertKind = "task" | "quick-win" | "project" | "event";

/** What a thought can become; the page that owns the other features carries it out. */
export type ConvertTarget =
  | { kind: "task" }
  | { kind: "quick-win" }
  | { kind: "project"; projectId: number }
  | { kind: "event"; title: string; date: string; startTime: string; allDay: boolean };

export type ConversionLink = { kind: ConvertKind; label: string; href: string; linkText: string };

/** What a thought becomes, in words ("a quick win"). */
export const KIND_WORDS: Record<ConvertKind, string> = {
  task: "a focus task",
  "quick-win": "a quick win",
  project: "a project task",
  event: "a calendar event",
};

/**
 * Turns a stored `convertedTo` ("task:12", "quick-win:5", "project:3" — the project's id — or
 * "event:9", as the server writes it) into a link. Earlier versions stored "focus task #12" and
 * "quick win #5"; those still read. Anything else has no link.
 */
export function conversionLink(convertedTo: string | null): ConversionLink | null {
  if (!convertedTo) return null;
  const current = /^(task|quick-win|project|event):(\d+)$/.exec(convertedTo.trim());
  const legacy = /^(focus task|quick win) #(\d+)$/.exec(convertedTo.trim());
  let kind: ConvertKind;
  let id: string;
  if (current) {
    kind = current[1] as ConvertKind;
    id = current[2];
  } else if (legacy) {
    kind = legacy[1] === "focus task" ? "task" : "quick-win";
    id = legacy[2];
  } else {
    return null;
  }
  const label = KIND_WORDS[kind];
  switch (kind) {
    case "task":
      return { kind, label, href: "/", linkText: "Open focus tasks" };
    case "quick-win":
      return { kind, label, href: "/", linkText: "Open quick wins" };
    case "project":
      return { kind, label, href: `/project-detail/${id}`, linkText: "Open project" };
    case "event":
      return { kind, label, href: "/calendar", linkText: "Open calendar" };
  }
}

export type Suggestion = {
  /** What accepting does: convert, keep in the inbox with the suggested type, or archive. */
  action: { kind: "convert"; target: ConvertTarget } | { kind: "keep" } | { kind: "archive" };
  text: string;
};

/** A day, and perhaps a time, the thought's words say, with the title they leave. */
export type SaidWhen = { title: string; date: string; time: string | null };

/**
 * The action that follows from a suggested type. Tasks become focus tasks; reminders quick wins
 * (one key, no date to pick; a calendar event is one C away), or, when their words say a day, an
 * event on that day (at the time said, else all day): there is nothing to pick; ideas stay in the
 * inbox to grow; notes and journal entries are archived, where they stay readable.
 */
export function suggestionFor(type: Thought["type"], when: SaidWhen | null = null): Suggestion {
  switch (type) {
    case "Task":
      return { action: { kind: "convert", target: { kind: "task" } }, text: "make it a focus task" };
    case "Reminder":
      if (when) {
        const at = when.time ? ` at ${formatTime12(when.time)}` : " (all day)";
        return {
          action: {
            kind: "convert",
            target: {
              kind: "event",
              title: when.title,
              date: when.date,
              startTime: when.time ?? DEFAULT_START,
              allDay: when.time === null,
            },
          },
          text: `put it on your calendar, ${formatShortDay(when.date)}${at}`,
        };
      }
      return { action: { kind: "convert", target: { kind: "quick-win" } }, text: "make it a quick win" };
    case "Idea":
      return { action: { kind: "keep" }, text: "keep it in the inbox for later" };
    case "Note":
    case "Journal":
      return { action: { kind: "archive" }, text: "archive it (it stays readable under Archived)" };
  }
}
